/**
 * Fault injection for POST /logs, for the delivery tests and the chaos suite: a given fraction of
 * requests (drawn from a seeded generator) gets a fault, the kinds taken in turn so that every one
 * of them occurs. Set at start or changed at
 * run time (`RunningService.setFaults`); `npm run demo -- --faults 0.3` turns all of them on.
 *
 * Every 200 that does not fully reach the client (cut off on purpose, or written after the client
 * gave up on a slow answer) is logged against its upload as "unseen": its records may come again.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type FaultKind =
  /** 500 Internal Server Error. */
  | 'status-500'
  /** 503 Service Unavailable with `Retry-After: 1`. */
  | 'status-503'
  /** 429 Too Many Requests with `Retry-After: 1`. */
  | 'status-429'
  /** 413 Payload Too Large, for bodies of at least `minRecordsFor413` records (the route decides). */
  | 'status-413'
  /** The answer comes `slowMs` late: past the client's time-out. */
  | 'slow'
  /** The connection is closed before the body is read. */
  | 'drop-before-body'
  /** The body is read, nothing is stored, and the connection is closed without an answer. */
  | 'drop-after-body'
  /** The records are stored and the 200 starts, but the connection is cut halfway through it. */
  | 'cut-off-200';

export const ALL_FAULTS: readonly FaultKind[] = [
  'status-500',
  'status-503',
  'status-429',
  'status-413',
  'slow',
  'drop-before-body',
  'drop-after-body',
  'cut-off-200',
];

export interface FaultConfig {
  /** Fraction of POST /logs requests that get a fault, 0 to 1. */
  readonly rate: number;
  /** The faults used, in turn. @default all */
  readonly kinds?: readonly FaultKind[];
  /** Delay of a `slow` answer, in milliseconds. @default 5000 */
  readonly slowMs?: number;
  /** Every POST /logs without a fault is answered this late, in milliseconds (a distant service). @default 0 */
  readonly latencyMs?: number;
  /** Smallest body, in records, that may get a 413 (a single record never does). @default 2 */
  readonly minRecordsFor413?: number;
  /** Seed of the generator. @default 1 */
  readonly seed?: number;
}

/**
 * The requests the injector chose for a 413, and the least records their body must hold to get it
 * (the route answers 413 only then). Kept beside the request, not in a header, so that no client
 * can ask for a fault.
 */
export const FAULT_413 = new WeakMap<IncomingMessage, number>();
/** Header the route sets on a 200 with the sequence number of the stored upload. */
export const UPLOAD_SEQ_HEADER = 'x-tp-upload-seq';

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

export class FaultInjector {
  #config: FaultConfig | undefined;
  #random: () => number = () => 1;
  #next = 0;
  /** How many faults of each kind were injected. */
  readonly counts = new Map<FaultKind, number>();

  constructor(
    config: FaultConfig | undefined,
    private readonly onUnseen200: (seq: number) => void,
  ) {
    this.set(config);
  }

  get config(): FaultConfig | undefined {
    return this.#config;
  }

  /** Turns faults on (or changes them), or off with undefined. */
  set(config: FaultConfig | undefined): void {
    this.#config = config && (config.rate > 0 || (config.latencyMs ?? 0) > 0) ? config : undefined;
    this.#random = mulberry32(config?.seed ?? 1);
    this.#next = 0;
  }

  /** Handles one request: a fault, or `next` (the service), watched for unseen 200s. */
  handle(req: IncomingMessage, res: ServerResponse, next: Listener): void {
    this.#watch(res);
    const fault = this.#draw(req);
    if (fault) this.counts.set(fault, (this.counts.get(fault) ?? 0) + 1);
    switch (fault) {
      case undefined:
        if (this.#latency(req) > 0) setTimeout(() => void next(req, res), this.#latency(req));
        else void next(req, res);
        return;
      case 'status-500':
        return answer(res, 500, 'Internal Server Error');
      case 'status-503':
        return answer(res, 503, 'Service Unavailable', { 'Retry-After': '1' });
      case 'status-429':
        return answer(res, 429, 'Too Many Requests', { 'Retry-After': '1' });
      case 'status-413':
        FAULT_413.set(req, this.#config?.minRecordsFor413 ?? 2);
        void next(req, res);
        return;
      case 'slow':
        setTimeout(() => void next(req, res), this.#config?.slowMs ?? 5000);
        return;
      case 'drop-before-body':
        req.socket.destroy();
        return;
      case 'drop-after-body':
        req.resume();
        req.on('end', () => req.socket.destroy());
        return;
      case 'cut-off-200':
        cutOff(res);
        void next(req, res);
        return;
    }
  }

  /** How late this request's answer comes when it gets no fault: POST /logs only. */
  #latency(req: IncomingMessage): number {
    return req.method === 'POST' && req.url?.split('?')[0]!.endsWith('/logs') ? (this.#config?.latencyMs ?? 0) : 0;
  }

  #draw(req: IncomingMessage): FaultKind | undefined {
    const config = this.#config;
    if (!config || req.method !== 'POST' || !req.url?.split('?')[0]!.endsWith('/logs')) return undefined;
    if (this.#random() >= config.rate) return undefined;
    const kinds = config.kinds ?? ALL_FAULTS;
    return kinds[this.#next++ % kinds.length];
  }

  /**
   * A 200 for a stored upload that does not fully go out is logged as unseen: its sequence number
   * is caught where the route's headers are written (the adapter passes them to `writeHead`, which
   * `getHeader` does not see), and checked when the response closes, or at once when the client
   * had already gone (a slow answer written after the client's time-out).
   */
  #watch(res: ServerResponse): void {
    let seq = 0;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      const headers = rest.find((r) => typeof r === 'object' && r !== null) as Record<string, unknown> | unknown[] | undefined;
      seq = status === 200 ? uploadSeq(headers) : 0;
      if (seq > 0 && (res.destroyed || res.socket?.destroyed !== false)) this.onUnseen200(seq);
      return writeHead(status, ...rest);
    }) as typeof res.writeHead;
    res.on('close', () => {
      if (seq > 0 && !res.writableFinished) this.onUnseen200(seq);
    });
  }
}

/** The upload sequence number among headers given as an object or a flat [name, value, …] list. */
function uploadSeq(headers: Record<string, unknown> | unknown[] | undefined): number {
  if (!headers) return 0;
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) {
      if (String(headers[i]).toLowerCase() === UPLOAD_SEQ_HEADER) return Number(headers[i + 1]) || 0;
    }
    return 0;
  }
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() === UPLOAD_SEQ_HEADER) return Number(value) || 0;
  return 0;
}

function answer(res: ServerResponse, status: number, reason: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Date, Retry-After', ...headers });
  res.end(JSON.stringify({ status, reason }));
}

/**
 * Makes `res` send its headers and half of its body, then drop the connection once those bytes are
 * out (dropping at once would discard them, and the browser would see no answer at all and resend
 * the request by itself). The body may come through `write` or `end`: the first chunk is cut, and
 * everything after it is ignored.
 */
function cutOff(res: ServerResponse): void {
  const write = res.write.bind(res) as (chunk: Buffer, done: () => void) => boolean;
  let cut = false;
  const cutChunk = (chunk: unknown): void => {
    if (cut) return;
    const body = typeof chunk === 'string' || chunk instanceof Uint8Array ? Buffer.from(chunk as string) : undefined;
    if (!body || body.length === 0) return;
    cut = true;
    write(body.subarray(0, Math.max(1, body.length >> 1)), () => res.socket?.destroy());
  };
  res.write = ((chunk: unknown) => {
    cutChunk(chunk);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown) => {
    if (typeof chunk !== 'function') cutChunk(chunk);
    return res;
  }) as typeof res.end;
}

/** A small seeded generator (mulberry32): the same seed, the same faults. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
