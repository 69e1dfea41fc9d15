/**
 * The debug log (options `logLevel` and `logger`) in happy-dom, with a logger spy: each
 * level's lines, a batch's JSON line equal to the body sent (as is, and gunzipped), nothing
 * formatted or written when silent, and a logger that throws never breaking the SDK.
 */
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, type ClientOptions, type Logger, type LogLevel, type TpClient } from '../../../src/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

type Method = keyof Logger;
type Line = [Method, string];
afterEach(() => localStorage.clear());

/** A logger that keeps each line with its method. */
function spyLogger(): Logger & { lines: Line[] } {
  const lines: Line[] = [];
  const write = (method: Method) => (text: string) => void lines.push([method, text]);
  return { lines, error: write('error'), warn: write('warn'), info: write('info'), debug: write('debug') };
}

/** A client whose POST /logs bodies are kept as sent (a string, or gzip bytes). */
function client(options: Partial<ClientOptions>, bodies: Array<string | Uint8Array> = [], status = 200): TpClient {
  return createClient({
    ...memoryClientOptions(async (_url, init) => {
      if (init?.method === 'GET') return okEnvelope([offerRecord(1, personalizedBody), offerRecord(2, personalizedBody, { is_offer_active: 0 })]);
      if (init?.body !== undefined) bodies.push(init.body as string | Uint8Array);
      return status === 200 ? okEnvelope({}) : new Response(JSON.stringify({ status, reason: 'Internal Server Error', data: null }), { status });
    }),
    compression: 'none',
    ...options,
  });
}
const quest = { character_slug: 'knight', quest_slug: 'q1' };

/** One session of a game: each thing the log reports, once. */
async function session(level: LogLevel, logger = spyLogger()): Promise<Line[]> {
  const bodies: Array<string | Uint8Array> = [];
  const tp = client(
    {
      logLevel: level,
      logger,
      consent: 'pending',
      beforeSend: (name, record) => {
        if (name === 'characters_stages') return null; // a dropped record: warn
        if (record.quest_slug === 'q2') throw new Error('hook bug'); // an error event; the record goes on
        return record;
      },
    },
    bodies,
  );
  tp.setConsent('granted');
  tp.track('players_login', {});
  tp.track('characters_quests', quest);
  tp.track('characters_quests', { character_slug: 'knight' } as never); // invalid: warn
  tp.track('characters_stages', { character_slug: 'knight', stage_slug: 's1' } as never);
  tp.track('characters_quests', { ...quest, quest_slug: 'q2' });
  await tp.flush();
  await tp.offers.refresh();
  await tp.shutdown();
  return logger.lines;
}

describe('each level writes its lines, and those of the levels before it', () => {
  it("'silent' writes nothing", async () => {
    expect(await session('silent')).toEqual([]);
  });

  it("'error': the error events, with their cause", async () => {
    const lines = await session('error');
    expect(lines).toEqual([['error', '[tp-web-sdk] TpError: beforeSend threw on a characters_quests record: it goes on as it was (cause: hook bug)']]);
  });

  it("'warn': also dropped and invalid records", async () => {
    const lines = await session('warn');
    expect(lines.filter(([m]) => m === 'warn')).toEqual([
      ['warn', expect.stringMatching(/^\[tp-web-sdk\] Invalid characters_quests record: quest_slug/)],
      ['warn', '[tp-web-sdk] dropped 1 record (before-send)'],
    ]);
    expect(lines.map(([m]) => m).sort()).toEqual(['error', 'warn', 'warn']);
  });

  it("'info': also the start, the storage, consent, the session, and each upload's outcome with its records per kind", async () => {
    const lines = (await session('info')).filter(([m]) => m === 'info').map(([, text]) => text);
    expect(lines).toEqual([
      '[tp-web-sdk] start: 0.1.0, https://api.example.com/v2021.4/web, player p-1, consent pending',
      '[tp-web-sdk] storage: memory, this page only', // opened as consent is granted, before the event
      '[tp-web-sdk] consent granted (setConsent)',
      expect.stringMatching(/^\[tp-web-sdk\] session 1 started \([\w-]+\)$/),
      expect.stringMatching(/^\[tp-web-sdk\] upload #1 delivered: 3 records \(players_login 1, characters_quests 2\), [\d,]+ bytes$/),
      expect.stringMatching(/^\[tp-web-sdk\] upload #2 delivered: 1 record \(players_offers 1\), [\d,]+ bytes$/), // the impression, at shutdown
    ]);
  });

  it("'debug': also each tracked record, each batch's JSON, each offer's verdict", async () => {
    const lines = (await session('debug')).filter(([m]) => m === 'debug').map(([, text]) => text);
    expect(lines.filter((l) => l.includes(' track '))).toEqual([
      expect.stringMatching(/^\[tp-web-sdk\] track players_login: \{"player_slug":"p-1",.*"device_unique_id":/),
      expect.stringMatching(/^\[tp-web-sdk\] track characters_quests: \{.*"quest_slug":"q1"/),
      expect.stringMatching(/^\[tp-web-sdk\] track characters_quests: \{.*"quest_slug":"q2"/),
      expect.stringMatching(/^\[tp-web-sdk\] track players_offers: \{"player_slug":"p-1","event_timestamp":\d+,"offer_id":1,"message_status":"impress"\}$/),
    ]);
    expect(lines.filter((l) => l.includes(' batch #'))).toEqual([
      expect.stringMatching(/^\[tp-web-sdk\] batch #1 JSON: \{"players_login":\[\{.*\}\],"characters_quests":\[\{.*\}\]\}$/),
      expect.stringMatching(/^\[tp-web-sdk\] batch #2 JSON: \{"players_offers":\[\{.*\}\]\}$/),
    ]);
    expect(lines.filter((l) => l.includes(' offer '))).toEqual(['[tp-web-sdk] offer 1: usable, impressed', '[tp-web-sdk] offer 2: inactive, received']);
  });
});

describe("a batch's JSON line is the body sent, before compression", () => {
  const jsonOf = (lines: Line[]): string => lines.find(([, text]) => text.startsWith('[tp-web-sdk] batch #1 JSON: '))![1].slice('[tp-web-sdk] batch #1 JSON: '.length);

  it("with compression 'none'", async () => {
    const logger = spyLogger();
    const bodies: Array<string | Uint8Array> = [];
    const tp = client({ logLevel: 'debug', logger }, bodies);
    tp.track('players_login', {});
    tp.track('characters_quests', quest);
    await tp.flush();
    expect(jsonOf(logger.lines)).toBe(bodies[0]);
    await tp.shutdown();
  });

  it("with compression 'gzip': the body gunzipped", async () => {
    const logger = spyLogger();
    const bodies: Array<string | Uint8Array> = [];
    const tp = client({ logLevel: 'debug', logger, compression: 'gzip' }, bodies);
    for (let i = 0; i < 300; i++) tp.track('characters_quests', { ...quest, quest_slug: `q${i}` });
    await tp.flush();
    expect(bodies).toHaveLength(1);
    expect(jsonOf(logger.lines)).toBe(gunzipSync(bodies[0] as Uint8Array).toString('utf8'));
    await tp.shutdown();
  });
});

it("'info': a failed upload's outcome, with its records per kind", async () => {
  const logger = spyLogger();
  const tp = client({ logLevel: 'info', logger }, [], 500);
  tp.track('players_login', {});
  await expect(tp.flush()).rejects.toThrow();
  expect(logger.lines).toContainEqual(['info', '[tp-web-sdk] upload #1 failed: 1 record (players_login 1); logs request failed: 500 Internal Server Error']);
  await tp.shutdown();
});

it("'warn': a batch put aside, and uploads paused, each with the service's answer", async () => {
  const answers = [
    { status: 400, reason: 'Invalid Record' },
    { status: 403, reason: 'Invalid TPClientKey' },
  ];
  const logger = spyLogger();
  const tp = createClient({
    ...memoryClientOptions(async () => {
      const answer = answers.shift()!;
      return new Response(JSON.stringify({ ...answer, data: null }), { status: answer.status });
    }),
    logLevel: 'warn',
    logger,
  });
  tp.track('players_login', {});
  await tp.flush().catch(() => undefined); // 400: put aside
  tp.track('players_login', {});
  await tp.flush().catch(() => undefined); // 403: paused
  expect(logger.lines).toEqual([
    ['warn', '[tp-web-sdk] dead-lettered 1 record: 400 Invalid Record'],
    ['error', '[tp-web-sdk] ServiceError: logs request failed: 400 Invalid Record'],
    ['warn', '[tp-web-sdk] uploads paused (invalid-client-key)'],
  ]);
  await tp.shutdown();
});

describe('silent costs nothing', () => {
  it('track() formats nothing: no JSON is written for the log', async () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const counts: Partial<Record<LogLevel, number>> = {};
    for (const level of ['silent', 'info', 'debug'] as const) {
      const tp = client({ logLevel: level, logger: spyLogger() });
      stringify.mockClear();
      for (let i = 0; i < 10; i++) tp.track('characters_quests', quest);
      counts[level] = stringify.mock.calls.length;
      await tp.shutdown();
    }
    expect(counts).toEqual({ silent: 0, info: 0, debug: 10 });
  });

  it("an error event's cause is not turned into a string, and the logger is never called", async () => {
    let formatted = 0;
    const cause = { toString: () => `formatted ${++formatted}` };
    const run = async (level: LogLevel): Promise<Line[]> => {
      const logger = spyLogger();
      const tp = client({
        logLevel: level,
        logger,
        beforeSend: () => {
          throw cause; // eslint-disable-line @typescript-eslint/only-throw-error -- a counting cause
        },
      });
      tp.track('characters_quests', quest);
      await tp.flush();
      await tp.shutdown();
      return logger.lines;
    };
    expect(await run('silent')).toEqual([]);
    expect(formatted).toBe(0);
    expect(await run('error')).toContainEqual(['error', expect.stringContaining('(cause: formatted 1)')]);
    expect(formatted).toBe(1);
  });

  it('the default is silent, and console is the default logger (at warn with debug: true)', async () => {
    vi.mocked(console.warn).mockImplementation(() => undefined); // expected here: not kept by fail-on-console.ts
    const quiet = client({ beforeSend: () => null });
    quiet.track('characters_quests', quest);
    await quiet.shutdown();
    expect(console.warn).not.toHaveBeenCalled();

    const loud = client({ debug: true, beforeSend: () => null });
    loud.track('characters_quests', quest);
    await loud.shutdown();
    expect(console.warn).toHaveBeenCalledWith('[tp-web-sdk] dropped 1 record (before-send)');
  });
});

it('a logger that throws never breaks the SDK: every record is delivered, nothing is thrown into the game', async () => {
  const thrower: Logger = {
    error: () => {
      throw new Error('error');
    },
    warn: () => {
      throw new Error('warn');
    },
    info: () => {
      throw new Error('info');
    },
    debug: () => {
      throw new Error('debug');
    },
  };
  const bodies: Array<string | Uint8Array> = [];
  const tp = client({ logLevel: 'debug', logger: thrower }, bodies);
  const delivered: number[] = [];
  tp.on('delivered', (info) => void delivered.push(info.records));
  expect(tp.track('players_login', {})).toBe(true);
  expect(tp.track('characters_quests', { character_slug: 'knight' } as never)).toBe(false);
  await expect(tp.flush()).resolves.toMatchObject({ records: 1 });
  await expect(tp.offers.refresh()).resolves.toHaveLength(1);
  expect(delivered).toEqual([1]);
  await tp.shutdown();
});

describe('the options are checked', () => {
  it('logLevel: one of the five levels', () => {
    expect(() => client({ logLevel: 'verbose' as never })).toThrow(/Invalid option "logLevel": expected 'silent', 'error', 'warn', 'info' or 'debug'/);
  });

  it('logger: an object with the four methods', () => {
    expect(() => client({ logger: { error() {}, warn() {}, info() {} } as never })).toThrow(/Invalid option "logger"/);
    expect(() => client({ logger: console })).not.toThrow();
  });
});
