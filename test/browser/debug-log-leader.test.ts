/**
 * The debug log's lines that need real IndexedDB and Web Locks: the storage in use, and
 * each tab becoming the one that uploads. Two clients in one page share the queue and the lock,
 * as two tabs of a game do.
 */
import { afterEach, expect, it } from 'vitest';
import type { Logger } from '../../src/index.js';
import { clearNamespace, storedClient } from '../support/stored-client.js';

const namespace = `log-${crypto.randomUUID().slice(0, 8)}`;
afterEach(() => clearNamespace(namespace));

/** A logger that keeps the info lines of one tab, but those of its session (test/unit/client/debug-log.test.ts). */
function infoLines(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const none = (): void => undefined;
  return { lines, error: none, warn: none, debug: none, info: (text: string) => void (text.includes('] session ') || lines.push(text)) };
}

it("says the storage in use, and when a tab becomes the uploading one (and the other's outcome lines)", async () => {
  const first = infoLines();
  const second = infoLines();
  const tab1 = storedClient(namespace, () => undefined, { logLevel: 'info', logger: first });
  await expect.poll(() => tab1.stats().leader).toBe(true);
  const tab2 = storedClient(namespace, () => undefined, { logLevel: 'info', logger: second });
  const storage = `[tp-web-sdk] storage: IndexedDB tp-web-sdk/${namespace}, shared by the game's tabs`;
  expect(first.lines.slice(1)).toEqual([storage, '[tp-web-sdk] leader: this tab uploads']);
  expect(second.lines.slice(1)).toEqual([storage]); // a follower: it waits for the lock

  await tab1.shutdown(); // the uploading tab closes: the other takes over
  await expect.poll(() => second.lines).toContain('[tp-web-sdk] leader: this tab uploads');
  tab2.track('players_login', {});
  await tab2.flush();
  expect(second.lines.at(-1)).toMatch(/^\[tp-web-sdk\] upload #1 delivered: 1 record \(players_login 1\), [\d,]+ bytes$/);
  await tab2.shutdown();
});
