/**
 * The device identifier sent as `device_unique_id` when the game does not pass `deviceId`.
 *
 * @module
 */
import { localStorageOrUndefined } from '../internal/index.js';

/** The localStorage key of the device id of a namespace (`'default'` when the game set none). */
export const deviceIdKey = (namespace: string): string => `tp-web-sdk:${namespace}:device-id`;

/** The id kept in localStorage for `namespace`, or undefined (none yet, or no localStorage). */
export function readDeviceId(namespace: string): string | undefined {
  try {
    return localStorageOrUndefined()?.getItem(deviceIdKey(namespace)) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `id` in localStorage, so it survives reloads, unless a page of the game kept one first:
 * returns the id kept. Where localStorage is missing or throws (sandboxed iframes, blocked
 * storage), `id` stays this page's own. Called only with consent, never for a child-directed
 * client (device.ts).
 */
export function keepDeviceId(namespace: string, id: string): string {
  try {
    const storage = localStorageOrUndefined();
    const existing = storage?.getItem(deviceIdKey(namespace));
    if (existing) return existing;
    storage?.setItem(deviceIdKey(namespace), id);
  } catch {
    // this page's own id
  }
  return id;
}
