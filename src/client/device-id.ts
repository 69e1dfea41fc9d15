/**
 * The device identifier sent as `device_unique_id` when the game does not pass `deviceId`.
 *
 * @module
 */
import { localStorageOrUndefined, randomId } from '../internal/index.js';

/**
 * A random id kept in localStorage under `tp-web-sdk:<namespace>:device-id`, so it survives
 * reloads. Where localStorage is missing or throws (sandboxed iframes, blocked storage), a new id
 * per page load. Not called for a child-directed client (device.ts): its id is for the page only.
 */
export function loadDeviceId(namespace: string): string {
  const key = `tp-web-sdk:${namespace}:device-id`;
  try {
    const storage = localStorageOrUndefined();
    const existing = storage?.getItem(key);
    if (existing) return existing;
    const id = randomId();
    storage?.setItem(key, id);
    return id;
  } catch {
    return randomId();
  }
}
