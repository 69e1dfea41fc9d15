/**
 * The worker's side of the service-worker relay (`installRelay`), with a stand-in worker global:
 * it sends only to its `baseUrls`, answers only windows of its own origin, ignores any message
 * not of the SDK's exact shape, and tells what it delivered once. The real worker, in Chromium:
 * test/e2e/sw-relay.test.ts and test/e2e/sw-relay-pinned.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELAY_PROTOCOL, relayOutcomes, relayRequest, type RelaySend } from '../../../src/delivery/index.js';
import { storageNames } from '../../../src/client/storage.js';
import { resolveOptions } from '../../../src/client/options.js';
import { ConfigError } from '../../../src/errors/index.js';
import { installRelay, type RelayMessageEvent, type RelayOptions, type RelayScope } from '../../../src/sw.js';

const ORIGIN = 'https://game.example';
const API = 'https://api.example.com/v2021.4/web';
const PAGE = { type: 'window', url: `${ORIGIN}/play/index.html` };
const KEYS = ['0m3xq1a2b3c:0a1b2c3d', '0m3xq1a2b3d:0a1b2c3d'];

/** A stand-in worker global: `post` delivers a message as the browser would, and resolves with its answer (or undefined). */
function worker(options?: RelayOptions) {
  let listener: ((event: RelayMessageEvent) => void) | undefined;
  const scope: RelayScope = {
    addEventListener: (type: string, l: (event: never) => void) => {
      if (type === 'message') listener = l as typeof listener;
    },
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
    location: { origin: ORIGIN },
  };
  installRelay(scope, options);
  const post = async (data: unknown, source: unknown = PAGE): Promise<unknown> => {
    const answers: unknown[] = [];
    const extended: Array<Promise<unknown>> = [];
    const port = { postMessage: (m: unknown) => void answers.push(m) } as unknown as MessagePort;
    listener!({ data, source, ports: [port], waitUntil: (p) => void extended.push(p) });
    await Promise.allSettled(extended);
    return answers[0];
  };
  return { post };
}

const send = (fields: Partial<Record<keyof RelaySend, unknown>> = {}): Record<string, unknown> => ({
  type: 'tp-relay:send',
  protocol: RELAY_PROTOCOL,
  baseUrl: API,
  credentials: { authMode: 'client', clientKey: 'key-1' },
  contentType: 'application/json',
  body: '{"players_offers":[]}',
  bytes: 21,
  keys: KEYS,
  queueDb: 'tp-web-sdk/default.1x2y3z/queue',
  timeoutMs: 30_000,
  ...fields,
});
const ping = (baseUrl = API) => ({ type: 'tp-relay:ping', protocol: RELAY_PROTOCOL, baseUrl, queueDb: 'tp-web-sdk/game/queue' });

let fetched: string[] = [];
beforeEach(() => {
  fetched = [];
  // An accepted body: the success envelope.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    fetched.push(String(input instanceof Request ? input.url : input));
    return new Response(JSON.stringify({ status: 200, reason: 'OK', data: null }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('where the relay sends', () => {
  it('to one of its baseUrls only: a message naming another host, path or scheme is refused, and no request leaves', async () => {
    const relay = worker({ baseUrls: [API] });
    for (const baseUrl of [
      'http://127.0.0.1:8080',
      'https://api.example.com',
      'https://api.example.com/v2021.4/web/logs-elsewhere',
      'https://api.example.com/v2021.4/webx',
      'http://api.example.com/v2021.4/web',
      'https://api.example.com.evil.test/v2021.4/web',
      'https://user@api.example.com/v2021.4/web',
      'not a url',
    ]) {
      expect(await relay.post(send({ baseUrl })), baseUrl).toEqual({ type: 'tp-relay:result', accepted: false });
      expect(await relay.post(ping(baseUrl)), baseUrl).toEqual({ type: 'tp-relay:pong', protocol: RELAY_PROTOCOL, accepts: false });
    }
    expect(fetched).toEqual([]);
  });

  it('to a baseUrl of its own, as given or with a trailing slash: the request goes to its /logs', async () => {
    const relay = worker({ baseUrls: [`${API}/`] });
    expect(await relay.post(ping(API))).toEqual({ type: 'tp-relay:pong', protocol: RELAY_PROTOCOL, accepts: true });
    await relay.post(send({ baseUrl: `${API}/` }));
    await relay.post(send());
    expect(fetched).toEqual([`${API}/logs`, `${API}/logs`]);
  });

  it('nowhere without baseUrls: every upload is refused, and the ping says so', async () => {
    const relay = worker();
    expect(await relay.post(ping())).toEqual({ type: 'tp-relay:pong', protocol: RELAY_PROTOCOL, accepts: false });
    expect(await relay.post(send())).toEqual({ type: 'tp-relay:result', accepted: false });
    expect(fetched).toEqual([]);
  });

  it.each([['/relative/web'], ['ftp://api.example.com/web'], [`${API}?key=1`], [`${API}#x`], ['javascript:alert(1)'], [42]])(
    'refuses to install with baseUrl %j: a ConfigError',
    (baseUrl) => {
      expect(() => worker({ baseUrls: [baseUrl as string] })).toThrow(ConfigError);
    },
  );

  it('refuses to install with baseUrls that are not an array: a ConfigError', () => {
    expect(() => worker({ baseUrls: API as unknown as string[] })).toThrow(ConfigError);
  });
});

describe('who the relay answers', () => {
  it.each([
    ['nobody (null)', null],
    ['a dedicated worker of its origin', { type: 'worker', url: `${ORIGIN}/w.js` }],
    ['a window of another origin', { type: 'window', url: 'https://other.example/index.html' }],
    ['a window without a URL', { type: 'window' }],
    ['a message port', {}],
  ])('ignores a message from %s: no answer, no request', async (_name, source) => {
    const relay = worker({ baseUrls: [API] });
    expect(await relay.post(ping(), source)).toBeUndefined();
    expect(await relay.post(send(), source)).toBeUndefined();
    expect(fetched).toEqual([]);
  });
});

describe('what the relay reads of a message', () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['another protocol version', send({ protocol: RELAY_PROTOCOL - 1 })],
    ['an unknown type', send({ type: 'tp-relay:delete' })],
    ['a field more', { ...send(), extra: 1 }],
    ['a field missing', (({ timeoutMs: _t, ...rest }) => rest)(send())],
    ['a key the SDK does not make', send({ keys: [...KEYS, 'all'] })],
    ['a key of another tab id shape', send({ keys: ['0m3xq1a2b3c:t'] })],
    ['no keys', send({ keys: [] })],
    ['keys not in an array', send({ keys: KEYS[0] })],
    ['50,001 keys', send({ keys: Array.from({ length: 50_001 }, (_, i) => `${i.toString(36).padStart(11, '0')}:0a1b2c3d`) })],
    ['a database the SDK does not make', send({ queueDb: 'game-saves' })],
    ['the dead-letter database', send({ queueDb: 'tp-web-sdk/game/dead-letter' })],
    ['a database name of two levels', send({ queueDb: 'tp-web-sdk/game/x/queue' })],
    ['a namespace longer than 64 characters', send({ queueDb: `tp-web-sdk/${'n'.repeat(65)}/queue` })],
    ['credentials with a field more', send({ credentials: { authMode: 'client', clientKey: 'k', cookie: 'x' } })],
    ['a client key with a line break', send({ credentials: { authMode: 'client', clientKey: 'k\r\nX-Evil: 1' } })],
    ['a JSON body that is bytes', send({ body: new Uint8Array(21) })],
    ['a gzip body that is text', send({ contentType: 'application/octet-stream' })],
    ['a gzip body of another size than said', send({ contentType: 'application/octet-stream', body: new Uint8Array(20) })],
    ['another content type', send({ contentType: 'text/plain' })],
    ['a body over 16 MiB', send({ body: 'x'.repeat(16 * 1024 * 1024 + 1), bytes: 16 * 1024 * 1024 + 1 })],
    ['a time-out of 0', send({ timeoutMs: 0 })],
    ['a time-out that is not a number', send({ timeoutMs: '30000' })],
    ['a time-out past the longest timer', send({ timeoutMs: 2 ** 31 })],
    ['a settle question without its database', { type: 'tp-relay:settle', protocol: RELAY_PROTOCOL, keys: KEYS }],
    ['a ping without its baseUrl', { type: 'tp-relay:ping', protocol: RELAY_PROTOCOL, queueDb: 'tp-web-sdk/game/queue' }],
    ['not an object', ['tp-relay:send'] as unknown as Record<string, unknown>],
  ];
  it.each(cases)('ignores %s: no answer, no request', async (_name, message) => {
    const relay = worker({ baseUrls: [API] });
    expect(await relay.post(message)).toBeUndefined();
    expect(fetched).toEqual([]);
  });

  it("reads the names of the SDK's queue databases: the default namespace's and any the option allows", () => {
    const queueDb = (namespace?: string): string =>
      `${storageNames(resolveOptions({ baseUrl: API, clientKey: 'k', authMode: 'client', namespace, storage: 'memory' })).dbPrefix}/queue`;
    for (const namespace of [undefined, 'default', 'my.game_2-x', 'n'.repeat(64)]) {
      expect(relayRequest(send({ queueDb: queueDb(namespace) })), queueDb(namespace)).toBeDefined();
    }
  });

  it('reads each message of the protocol as the page sends it', () => {
    expect(relayRequest(send())).toBeDefined();
    expect(relayRequest(send({ contentType: 'application/octet-stream', body: new Uint8Array(7), bytes: 7 }))).toBeDefined();
    expect(relayRequest(ping())).toBeDefined();
    expect(relayRequest({ type: 'tp-relay:settle', protocol: RELAY_PROTOCOL, queueDb: 'tp-web-sdk/default.abc/queue', keys: KEYS })).toBeDefined();
  });
});

describe("the relay's tally of what it delivered", () => {
  it('tells the keys asked about that an accepted send deleted, once; a refused send counts nothing; each queue its own', async () => {
    const outcomes = relayOutcomes();
    const a = ['00000000001:0a1b2c3d', '00000000002:0a1b2c3d', '00000000003:0a1b2c3d'];
    const b = ['00000000004:0a1b2c3d', '00000000005:0a1b2c3d'];
    const refused = ['00000000006:0a1b2c3d'];
    outcomes.add('tp-web-sdk/game/queue', a, Promise.resolve(true));
    outcomes.add('tp-web-sdk/game/queue', b, Promise.resolve(true));
    outcomes.add('tp-web-sdk/game/queue', refused, Promise.resolve(false));
    outcomes.add('tp-web-sdk/other/queue', ['00000000007:0a1b2c3d'], Promise.resolve(true));
    expect(await outcomes.settle('tp-web-sdk/game/queue', [...a, ...b.slice(0, 1), ...refused])).toEqual({ records: 4, batches: 2 });
    expect(await outcomes.settle('tp-web-sdk/game/queue', [...a, ...b, ...refused])).toEqual({ records: 0, batches: 0 });
    expect(await outcomes.settle('tp-web-sdk/other/queue', ['00000000007:0a1b2c3d'])).toEqual({ records: 1, batches: 1 });
  });

  it('waits for a send still on its way before telling', async () => {
    const outcomes = relayOutcomes();
    let accept!: (accepted: boolean) => void;
    outcomes.add('tp-web-sdk/game/queue', KEYS, new Promise((resolve) => (accept = resolve)));
    const told = outcomes.settle('tp-web-sdk/game/queue', KEYS);
    setTimeout(() => accept(true), 20);
    expect(await told).toEqual({ records: 2, batches: 1 });
  });
});
