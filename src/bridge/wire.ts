/**
 * What crosses the bridge: every reply and message is JSON text. Values are copied into plain
 * JSON: errors become `{ name, code, message, … }`, functions are left out, promises, NaN and
 * Infinity become null, a value met again inside itself is cut (null).
 *
 * @module
 */
import { isTpError } from '../errors/index.js';

/**
 * An error as the bridge sends it. `path` names the field at fault, where one is known: a
 * `ConfigError`'s option, a `ValidationError`'s first issue.
 */
export interface BridgeErrorJson {
  readonly name: string;
  /** A bridge code (`bad-json`, `bad-args`…) or the SDK error's `code` (`config`, `offer`…). */
  readonly code: string;
  readonly message: string;
  readonly path?: string;
  /** `OfferError`'s reason (`busy`, `not-usable`…). */
  readonly reason?: string;
}

/** An SDK error (or anything thrown) as JSON. */
export function errorJson(error: unknown): BridgeErrorJson {
  if (!isTpError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return { name: error instanceof Error ? error.name : 'Error', code: 'internal', message };
  }
  const fields = error as unknown as Record<string, unknown>;
  const issue = Array.isArray(fields.issues) ? (fields.issues[0] as { path?: unknown } | undefined) : undefined;
  const path = typeof fields.option === 'string' ? fields.option : typeof issue?.path === 'string' ? issue.path : undefined;
  const reason = typeof fields.reason === 'string' ? fields.reason : undefined;
  return { name: error.name, code: error.code, message: error.message, ...(path !== undefined && { path }), ...(reason !== undefined && { reason }) };
}

const MAX_DEPTH = 32;

/** `value` as plain JSON data (see the module's rules). */
export function toWire(value: unknown, seen: Set<object> = new Set(), depth = 0): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return undefined; // undefined, functions, symbols
  if (seen.has(value) || depth > MAX_DEPTH || value instanceof Promise) return null;
  if (value instanceof Error) return errorJson(value);
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => toWire(item, seen, depth + 1) ?? null);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const wired = toWire(item, seen, depth + 1);
      if (wired !== undefined) out[key] = wired;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

/** `value` as JSON text, by the rules above (never throws). */
export function stringify(value: unknown): string {
  return JSON.stringify(toWire(value)) ?? 'null';
}
