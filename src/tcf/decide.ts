/**
 * What one answer of the CMP means for the game's consent. Pure: no window, no client.
 */

/** The client's consent states, as `createClient`'s client names them. */
export type ConsentState = 'granted' | 'pending' | 'denied';

/**
 * The fields of the CMP's `TCData` (IAB TCF v2.2 CMP API, "TCData") that the bridge reads, under
 * the spec's names. A CMP sends more; the rest is ignored.
 */
export interface TcData {
  /** The encoded TC string. Not decoded: the purpose flags below carry what the bridge needs. */
  readonly tcString?: string;
  /** Set by the CMP on `addEventListener` answers; passed back to `removeEventListener`. */
  readonly listenerId?: number;
  /** `'tcloaded'`, `'cmpuishown'` or `'useractioncomplete'`. */
  readonly eventStatus?: string;
  /** `'stub'`, `'loading'`, `'loaded'` or `'error'`. */
  readonly cmpStatus?: string;
  /** `true`: GDPR applies; `false`: it does not; `undefined`: not known. */
  readonly gdprApplies?: boolean;
  /** `consents[id]` is `true` (an own property) when the user consented to purpose `id`. */
  readonly purpose?: { readonly consents?: Readonly<Record<number, boolean>> };
}

/** The purposes the bridge asks for when none are given: 1 (store and/or access information on a device) and 8 (measure content performance). */
export const DEFAULT_PURPOSES: readonly number[] = [1, 8];

/**
 * The consent one `addEventListener` answer decides, or `undefined` when it decides nothing
 * (failed call, no decision yet, CMP in error, fields missing).
 *
 * Only the answer's own properties count: a flag the answer inherits (its prototype's
 * `gdprApplies: false`, a `consents` object made with `Object.create({ 1: true })`) is read as
 * absent, so it grants nothing. May throw what a getter or a Proxy of the answer throws (the
 * bridge catches it).
 */
export function consentOf(tcData: unknown, success: unknown, purposes: readonly number[]): ConsentState | undefined {
  if (success === false || typeof tcData !== 'object' || tcData === null) return undefined;
  if (own(tcData, 'cmpStatus') === 'error') return undefined;
  if (own(tcData, 'gdprApplies') === false) return 'granted';
  const eventStatus = own(tcData, 'eventStatus');
  if (eventStatus !== 'tcloaded' && eventStatus !== 'useractioncomplete') return undefined;
  const consents = own(own(tcData, 'purpose'), 'consents');
  if (typeof consents !== 'object' || consents === null) return undefined;
  return purposes.every((id) => own(consents, String(id)) === true) ? 'granted' : 'denied';
}

const hasOwn = Object.prototype.hasOwnProperty;

/** `object[key]` when `key` is `object`'s own property; undefined when it is inherited, or `object` is not an object. */
function own(object: unknown, key: string): unknown {
  return typeof object === 'object' && object !== null && hasOwn.call(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}
