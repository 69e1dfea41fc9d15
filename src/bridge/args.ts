/**
 * The checks of a request before its op runs: the envelope (`v`, `id`, `op`, `args`) and each
 * argument against the ops table. A failure is a {@link BridgeFault}: a stable code and the path
 * of the field at fault.
 *
 * @module
 */
import type { ArgCheck, ArgType } from './ops.js';
import { OP_CHECKS, type BridgeOp } from './protocol.js';

/** The bridge's own error codes (an SDK error keeps its own `code`: `config`, `offer`…). */
export type BridgeErrorCode =
  | 'bad-json'
  | 'bad-version'
  | 'bad-id'
  | 'unknown-op'
  | 'bad-args'
  | 'too-large'
  | 'not-initialized'
  | 'already-initialized'
  | 'shut-down';

/** A request the bridge refuses before running it. */
export interface BridgeFault {
  readonly code: BridgeErrorCode;
  readonly message: string;
  readonly path?: string;
}

/** A request that passed the envelope's checks. */
export interface Envelope {
  readonly id: string;
  readonly op: BridgeOp;
  readonly args: Record<string, unknown>;
}

/** The protocol version: `v` of every request, reply and message. */
export const PROTOCOL_VERSION = 1;
/** Ids are strings of 1 to 128 characters. */
const MAX_ID = 128;

const fault = (code: BridgeErrorCode, message: string, path?: string): BridgeFault => ({ code, message, ...(path !== undefined && { path }) });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

/** The id of a parsed request, when it has a usable one (for the error reply). */
export function idOf(request: unknown): string | undefined {
  const id = isObject(request) ? request.id : undefined;
  return typeof id === 'string' && id.length > 0 && id.length <= MAX_ID ? id : undefined;
}

/** Checks the envelope of a parsed request. */
export function readEnvelope(request: unknown): Envelope | BridgeFault {
  if (!isObject(request)) return fault('bad-json', `expected a JSON object, got ${kindOf(request)}`);
  if (request.v !== PROTOCOL_VERSION) return fault('bad-version', `expected v: ${PROTOCOL_VERSION}`, 'v');
  if (idOf(request) === undefined) return fault('bad-id', `expected id: a string of 1 to ${MAX_ID} characters`, 'id');
  const { op } = request;
  if (typeof op !== 'string' || !Object.hasOwn(OP_CHECKS, op)) return fault('unknown-op', `unknown op ${JSON.stringify(op)}`, 'op');
  const args = request.args ?? {};
  if (!isObject(args)) return fault('bad-args', `expected args: an object, got ${kindOf(args)}`, 'args');
  return { id: request.id as string, op: op as BridgeOp, args };
}

function matches(type: ArgType, value: unknown): boolean {
  if (typeof type === 'object') return typeof value === 'string' && type.enum.includes(value);
  if (type === 'integer') return Number.isSafeInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (type === 'object') return isObject(value);
  return typeof value === type;
}

const describe = (type: ArgType): string => (typeof type === 'object' ? `one of ${type.enum.map((e) => `"${e}"`).join(', ')}` : type === 'integer' ? 'an integer' : type === 'object' ? 'an object' : `a ${type}`);

/** Checks `args` against the op's arguments: each known, of its type, the required ones given. */
export function checkArgs(op: BridgeOp, args: Record<string, unknown>): BridgeFault | undefined {
  const spec = OP_CHECKS[op].args;
  if (spec === 'options') return undefined;
  const specs: Readonly<Record<string, ArgCheck>> = spec;
  for (const name of Object.keys(args)) {
    if (!Object.hasOwn(specs, name)) return fault('bad-args', `unknown argument of ${op}`, `args.${name}`);
  }
  for (const [name, arg] of Object.entries(specs)) {
    const value = args[name];
    if (value === undefined && arg.optional === true) continue;
    if (!matches(arg.type, value)) return fault('bad-args', `expected ${describe(arg.type)}, got ${value === undefined ? 'nothing' : kindOf(value)}`, `args.${name}`);
  }
  return undefined;
}

/** Thrown by an op's work for a fault in its arguments found as it runs (a view id, a purchase result). */
export class FaultError extends Error {
  constructor(readonly fault: BridgeFault) {
    super(fault.message);
    this.name = 'BridgeError';
  }
}
