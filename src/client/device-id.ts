/**
 * The device identifier sent as `device_unique_id` when the game does not pass `deviceId`.
 *
 * @module
 */
import { localStorageOrUndefined } from '../internal/index.js';

/** The localStorage key of the device id of a namespace (`'default'` when the game set none). */
export const deviceIdKey = (namespace: string): string => `tp-web-sdk:${namespace}:device-id`;

/** The id kept in localStorage for `namespace`, or undefined (none yet, empty, or no localStorage). */
export function readDeviceId(namespace: string): string | undefined {
  try {
    return localStorageOrUndefined()?.getItem(deviceIdKey(namespace)) || undefined; // an empty value is none
  } catch {
    return undefined;
  }
}

/**
 * Saves `id` as the namespace's device id; false where localStorage is missing or throws
 * (sandboxed iframes, blocked or full storage): the id is then this page's own. Called only with
 * consent, never for a child-directed client (device.ts).
 */
export function saveDeviceId(namespace: string, id: string): boolean {
  try {
    const storage = localStorageOrUndefined();
    storage?.setItem(deviceIdKey(namespace), id);
    return storage !== undefined;
  } catch {
    return false;
  }
}
