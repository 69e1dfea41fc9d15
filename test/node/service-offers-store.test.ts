/**
 * The reference service keeps offers in an append-only log, `offers.ndjson`: a new player costs
 * the same with 2,000 players before as with none, a restart keeps every offer as it was last
 * changed, a line cut off by a crash is dropped, and an `offers.json` of an older service is
 * taken over once.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { startService, type RunningService } from '../../demo/service/server.js';
import { AUTH } from '../support/service.js';

const dirs: string[] = [];
const running: RunningService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(dir?: string): Promise<RunningService> {
  const dataDir = dir ?? mkdtempSync(join(tmpdir(), 'tp-offers-'));
  if (!dir) dirs.push(dataDir);
  const service = await startService({ dataDir });
  running.push(service);
  return service;
}

const headers = { TPAuthMode: AUTH.authMode, TPClientKey: AUTH.clientKey };
async function offersOf(service: RunningService, player: string): Promise<Array<{ offer_id: number; first_opened_at: string | null }>> {
  const response = await fetch(`${service.baseUrl}/offers?player_slug=${player}`, { headers });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Array<{ offer_id: number; first_opened_at: string | null }> }).data;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

it('2,000 new players: the last 100 take the time the first 100 did, and each is one line appended', { timeout: 120_000 }, async () => {
  const service = await start();
  const file = join(service.config.dataDir, 'offers.ndjson');
  const times: number[] = [];
  const written: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const before = existsSync(file) ? statSync(file).size : 0;
    const started = performance.now();
    expect((await offersOf(service, `player-${i}`)).length).toBeGreaterThan(0);
    times.push(performance.now() - started);
    written.push(statSync(file).size - before);
  }
  const [firstTime, lastTime] = [median(times.slice(0, 100)), median(times.slice(-100))];
  expect(lastTime, `median of the first 100 ${firstTime} ms, of the last 100 ${lastTime} ms`).toBeLessThan(2 * firstTime + 5);
  // One line per new player, the same size each (the slugs' length aside).
  expect(Math.max(...written.slice(-100))).toBeLessThan(1.1 * Math.min(...written.slice(0, 100)));
  expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(2000);
});

it('a restart keeps every offer as last changed; a line cut off by a crash is dropped, and the next append starts its own line', async () => {
  const first = await start();
  const dir = first.config.dataDir;
  const [offer] = await offersOf(first, 'p-1');
  const opened = await fetch(`${first.baseUrl}/offers`, {
    method: 'POST',
    headers: { ...headers, TPOfferId: String(offer!.offer_id), TPPlayerId: 'p-1', TPOpenedAt: '2026-11-23 10:00:00' },
  });
  expect(opened.status).toBe(200);
  const before = await offersOf(first, 'p-1');
  await first.close();
  running.length = 0;
  appendFileSync(join(dir, 'offers.ndjson'), '[{"offer_id":9999,"player_slug":"p-'); // the crash

  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const second = await start(dir);
  expect(warn).toHaveBeenCalledWith(expect.stringMatching(/offers\.ndjson: dropped a line cut off by a crash/));
  expect(await offersOf(second, 'p-1')).toEqual(before);
  expect(before.find((o) => o.offer_id === offer!.offer_id)!.first_opened_at).toBe('2026-11-23 10:00:00');
  expect(second.store.findOffer(offer!.offer_id)!.first_open_updates).toBe(1);
  // The next player's offers are numbered after the last kept, on lines of their own.
  const next = await offersOf(second, 'p-2');
  expect(Math.min(...next.map((o) => o.offer_id))).toBe(Math.max(...before.map((o) => o.offer_id)) + 1);
  expect(readFileSync(join(dir, 'offers.ndjson'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown[])).toHaveLength(3);
});

it("an older service's offers.json is taken over once: its offers kept, the numbering going on, the file removed", async () => {
  const donor = await start();
  const old = donor.store.allOffers().length === 0 ? await offersOf(donor, 'old-player') : [];
  const stored = donor.store.offersOf('old-player').map((o) => ({ ...o }));
  await donor.close();
  running.length = 0;

  const dir = mkdtempSync(join(tmpdir(), 'tp-offers-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'offers.json'), JSON.stringify({ next_offer_id: 1010, offers: stored }, null, 2));
  const service = await start(dir);
  expect(existsSync(join(dir, 'offers.json'))).toBe(false);
  expect(await offersOf(service, 'old-player')).toEqual(old);
  expect(Math.min(...(await offersOf(service, 'new-player')).map((o) => o.offer_id))).toBe(1010);
  await service.close();
  running.length = 0;
  expect(await offersOf(await start(dir), 'old-player')).toEqual(old);
});
