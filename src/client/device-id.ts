/**
 * The device identifier sent as `device_unique_id` when the game does not pass `deviceId`.
 *
 * @module
 */
import { browserValues, type LocalValues } from '../internal/index.js';

/** The localStorage key of the device id of a namespace (`'default'` when the game set none). */
export const deviceIdKey = (namespace: string): string => `tp-web-sdk:${namespace}:device-id`;

/**
 * The id kept in localStorage (or `values`: where the client keeps them when localStorage is
 * refused) for `namespace`, or undefined (none yet, empty, or no localStorage).
 */
export function readDeviceId(namespace: string, values: LocalValues = browserValues): string | undefined {
  try {
    return values.getItem(deviceIdKey(namespace)) || undefined; // an empty value is none
  } catch {
    return undefined;
  }
}

/**
 * Saves `id` as the namespace's device id in `values`; false where localStorage is missing or throws
 * (sandboxed iframes, blocked or full storage): the id is then this page's own. Called only with
 * consent, never for a child-directed client (device.ts).
 */
export function saveDeviceId(namespace: string, id: string, values: LocalValues = browserValues): boolean {
  try {
    values.setItem(deviceIdKey(namespace), id);
    return true;
  } catch {
    return false;
  }
}
