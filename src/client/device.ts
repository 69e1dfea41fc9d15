/**
 * What the SDK says about this device in the records it enriches: its id, `device_info`, the
 * region and languages, and the store the offers are for.
 *
 * @module
 */
import { browserNavigator, describeDevice, detectStore, randomId, regionFromLanguages, type PageValues, type PlatformStore } from '../internal/index.js';
import { readDeviceId, saveDeviceId } from './device-id.js';
import type { ResolvedOptions } from './options.js';

/** This device, as the records and offers describe it. */
export interface Device {
  /**
   * `device_unique_id`: the `deviceId` option, else one kept in localStorage (read at start, saved
   * only once consent is granted: `keep()`); with `childDirected`, one for this page only
   * (localStorage is not read or written).
   */
  readonly id: string;
  /**
   * Consent is granted: the id is saved in `values` (or the one another page saved is used), at
   * once, or once they are loaded (localStorage refused: the id read at start was none, and until
   * then `id` is this page's own).
   */
  keep(values: PageValues): void;
  /** `forget()` erased the id: a new one from now on (kept again by `keep()`). */
  renew(): void;
  /** `device_info`, from the user agent. */
  readonly info: string;
  /** `region`: the `region` option, else from the browser's languages (undefined: none says). */
  readonly region: string | undefined;
  /** The store offers are for: the `platform` option, else detected from the user agent (asked only by clients with offers). */
  store(): PlatformStore;
  /** The languages offers are shown in, best first: the `language` option, then the browser's. */
  languages(): readonly string[];
}

/** Describes this device (once, at `createClient`; the languages are read again each time). */
export function describeThisDevice(o: ResolvedOptions): Device {
  const stored = o.deviceId === undefined && !o.childDirected;
  const read = stored ? readDeviceId(o.namespace) : undefined;
  let id = o.deviceId ?? read ?? randomId();
  /** `id` is (or was) the one in localStorage: gone from there, another tab's `forget()` erased it. */
  let fromStorage = read !== undefined;
  const nav = browserNavigator();
  const userAgent = nav?.userAgent ?? '';
  const touchPoints = nav?.maxTouchPoints ?? 0;
  const browserLanguages = (): readonly string[] => nav?.languages ?? (nav?.language ? [nav.language] : []);
  return {
    get id() {
      return id;
    },
    keep(values) {
      if (!stored) return;
      const keep = (): void => {
        const existing = readDeviceId(o.namespace, values);
        if (existing !== undefined) {
          id = existing; // a page of the game kept one first
          fromStorage = true;
          return;
        }
        if (fromStorage) id = randomId(); // another tab's `forget()` erased it
        fromStorage = saveDeviceId(o.namespace, id, values);
      };
      if (values.loaded) keep();
      else void values.ready.then(keep);
    },
    renew() {
      if (o.deviceId !== undefined) return;
      id = randomId();
      fromStorage = false;
    },
    info: describeDevice(userAgent, touchPoints),
    region: o.region ?? regionFromLanguages(browserLanguages()),
    store: () => o.platform ?? detectStore(userAgent, touchPoints),
    languages: () => (o.language ? [o.language, ...browserLanguages()] : browserLanguages()),
  };
}
