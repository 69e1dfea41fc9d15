/**
 * The demo's "Go offline" switch: a fetch that fails like a dropped network while the switch is
 * on. The SDK gets it through its `fetch` option, the way a game would inject its own.
 */
export interface OfflineSwitch {
  readonly fetch: typeof fetch;
  offline: boolean;
}

export function createOfflineSwitch(): OfflineSwitch {
  const state: OfflineSwitch = {
    offline: false,
    fetch: (input, init) =>
      state.offline ? Promise.reject(new TypeError('Failed to fetch (demo is offline)')) : fetch(input, init),
  };
  return state;
}
