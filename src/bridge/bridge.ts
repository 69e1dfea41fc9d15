/**
 * The string bridge: one client per page driven by JSON text, for engines that cannot hold a
 * JavaScript object, a Promise or a function (Unity's `.jslib`, Godot's `JavaScriptBridge`,
 * Construct's DOM messaging). `call` answers at once and never throws; asynchronous replies and
 * events come to the listeners in later tasks (outbox.ts). docs/bridge.md is the reference.
 *
 * @module
 */
import type { ClientEvents } from '../bus/index.js';
import type { ClientOptions, TpClient } from '../client/index.js';
import { isTpError } from '../errors/index.js';
import { VERSION } from '../version.js';
import { checkArgs, FaultError, idOf, PROTOCOL_VERSION, readEnvelope, type BridgeFault } from './args.js';
import { HANDLERS, type OpContext } from './handlers.js';
import { createPurchaseAsks, readInit, type UiMakers } from './init.js';
import { OP_CHECKS, type BridgeOp } from './protocol.js';
import { createOutbox, type BridgeListener } from './outbox.js';
import type { BridgeInitResult } from './types.js';
import { createEngineAdapter, createViewRegistry } from './views.js';
import { errorJson, stringify, type BridgeErrorJson } from './wire.js';

/** The bridge: `TPSDK.bridge` in the script-tag build, `bridge` of `tp-web-sdk/bridge`. */
export interface Bridge {
  /** The protocol version, `v` of every request, reply and message: 1. */
  readonly version: number;
  /**
   * Runs one request (`{"v":1,"id":"…","op":"…","args":{…}}`) and returns its reply as JSON
   * text: `{"v":1,"id":"…","ok":true,"result":…}`, `{"v":1,"id":"…","pending":true}` for an
   * asynchronous op (its final reply comes through the listeners), or
   * `{"v":1,"id":"…","ok":false,"error":{"name","code","message","path"?}}`. Never throws.
   */
  call(requestJson: string): string;
  /**
   * Adds a listener of messages: events (`{"v":1,"event":"offer:open","data":…}`) and the final
   * replies of asynchronous ops, in order, each in a later task (never inside `call`). A listener
   * that throws is told once by an `error` message; delivery goes on. Returns what removes it
   * (a value that is not a function is ignored).
   */
  listen(listener: BridgeListener): () => void;
}

/** What the entry point gives the bridge: its `createClient` and the page's adapters. */
export interface BridgeDeps {
  readonly createClient: (options: ClientOptions) => TpClient;
  readonly ui: Omit<UiMakers, 'engine'>;
}

/** Client events the listeners get, by name. */
const EVENTS: readonly (keyof ClientEvents)[] = [
  'offer:impress', 'offer:open', 'offer:dismiss', 'offer:interact', 'offer:close', 'offer:expired', 'offer:skipped', 'offer:placed', 'offer:purchase', 'offer:trigger-record',
  'session:start', 'session:end', 'error', 'warning', 'dropped', 'delivered', 'invalid', 'consent', 'gameplay', 'paused',
];

/** Requests past this many bytes of UTF-8 are refused (`too-large`). */
const MAX_REQUEST_BYTES = 1024 * 1024;

const tooLarge = (json: string): boolean => json.length > MAX_REQUEST_BYTES || (json.length * 3 > MAX_REQUEST_BYTES && new TextEncoder().encode(json).length > MAX_REQUEST_BYTES);

export function createBridge(deps: BridgeDeps): Bridge {
  const outbox = createOutbox((error) => message('error', { name: 'BridgeError', code: 'listener-threw', message: `a bridge listener threw: ${error instanceof Error ? error.message : String(error)}` }));
  const post = (event: string, data: unknown): void => outbox.post(message(event, data));
  const views = createViewRegistry();
  const purchases = createPurchaseAsks(post);
  let ctx: OpContext | undefined;
  let shut = false;
  /** Ids of asynchronous requests whose reply is not sent yet. */
  const pending = new Set<string>();

  function init(args: Record<string, unknown>): unknown {
    if (shut) throw new FaultError({ code: 'shut-down', message: 'the bridge’s client was shut down; reload to start again' });
    if (ctx) throw new FaultError({ code: 'already-initialized', message: 'init was called already: one client per page' });
    const options = readInit(args, { ...deps.ui, engine: (markup) => createEngineAdapter(views, markup, post) }, () => purchases.handler);
    if ('code' in options) throw new FaultError(options);
    let client: TpClient;
    try {
      client = deps.createClient(options);
    } catch (error) {
      if (isTpError(error, 'config')) throw new FaultError({ code: 'bad-args', message: error.message, path: `args.${(error as { option?: string }).option ?? ''}` });
      throw error;
    }
    for (const event of EVENTS) client.on(event, (data: unknown) => post(event, data));
    ctx = { client, views, purchases };
    return { protocol: PROTOCOL_VERSION, sdkVersion: VERSION } satisfies BridgeInitResult;
  }

  function run(id: string, op: BridgeOp, args: Record<string, unknown>): string {
    if (op === 'init') return reply(id, { ok: true, result: init(args) });
    if (shut) return failure(id, { code: 'shut-down', message: 'the client was shut down' });
    if (!ctx) return failure(id, { code: 'not-initialized', message: 'call init first' });
    if (OP_CHECKS[op].async && pending.has(id)) return failure(id, { code: 'bad-id', message: 'an asynchronous request of this id is still pending', path: 'id' });
    let work: unknown;
    if (op === 'shutdown') {
      shut = true;
      work = ctx.client.shutdown().then(() => null);
    } else {
      work = HANDLERS[op](ctx, args);
    }
    if (!OP_CHECKS[op].async) return reply(id, { ok: true, result: work });
    pending.add(id);
    (work as Promise<unknown>).then(
      (result) => outbox.post(reply(id, { ok: true, result })),
      (error: unknown) => outbox.post(reply(id, { ok: false, error: faultOf(error) })),
    ).finally(() => pending.delete(id));
    return reply(id, { pending: true });
  }

  return {
    version: PROTOCOL_VERSION,
    call(requestJson) {
      let id: string | undefined;
      try {
        if (typeof requestJson !== 'string') return failure(undefined, { code: 'bad-json', message: `expected JSON text, got ${typeof requestJson}` });
        if (tooLarge(requestJson)) return failure(undefined, { code: 'too-large', message: `a request is at most ${MAX_REQUEST_BYTES} bytes` });
        let request: unknown;
        try {
          request = JSON.parse(requestJson);
        } catch (error) {
          return failure(undefined, { code: 'bad-json', message: error instanceof Error ? error.message : 'not JSON' });
        }
        id = idOf(request);
        const envelope = readEnvelope(request);
        if ('code' in envelope) return failure(id, envelope);
        const fault = checkArgs(envelope.op, envelope.args);
        if (fault) return failure(id, fault);
        return run(envelope.id, envelope.op, envelope.args);
      } catch (error) {
        return failure(id, faultOf(error));
      }
    },
    listen(listener) {
      return typeof listener === 'function' ? outbox.listen(listener) : () => undefined;
    },
  };
}

/** What a failure sends: a bridge fault as is, an SDK error by `errorJson`. */
function faultOf(error: unknown): BridgeErrorJson {
  if (error instanceof FaultError) return { name: 'BridgeError', ...error.fault };
  return errorJson(error);
}

function message(event: string, data: unknown): string {
  return stringify({ v: PROTOCOL_VERSION, event, data });
}

function reply(id: string | undefined, body: Record<string, unknown>): string {
  try {
    return stringify({ v: PROTOCOL_VERSION, id: id ?? null, ...body });
  } catch (error) {
    return JSON.stringify({ v: PROTOCOL_VERSION, id: id ?? null, ok: false, error: { name: 'BridgeError', code: 'internal', message: String(error) } });
  }
}

function failure(id: string | undefined, fault: BridgeFault | BridgeErrorJson): string {
  return reply(id, { ok: false, error: 'name' in fault ? fault : { name: 'BridgeError', ...fault } });
}
