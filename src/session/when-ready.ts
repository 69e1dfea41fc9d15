/**
 * A session tracker that starts once the session record can be read: where localStorage is
 * refused, the record is read from IndexedDB a moment after `createClient` (the client's values:
 * internal/local-values.ts). Until then there is no session, and no automatic login: a tracker
 * started on an empty record would start a new session, and log in again, at every reload.
 *
 * @module
 */
import type { SessionTracker } from './tracker.js';

/** `start()` now when `ready` is undefined, else once it resolves (unless stopped before). */
export function startSessionsWhen(ready: Promise<void> | undefined, start: () => SessionTracker): SessionTracker {
  if (!ready) return start();
  let tracker: SessionTracker | undefined;
  let stopped = false;
  void ready.then(() => {
    if (!stopped) tracker = start();
  });
  return {
    get current() {
      return tracker?.current;
    },
    // Before it starts, nothing to tell: it reads the page's visibility and the player then.
    visible: () => tracker?.visible(),
    hidden: () => tracker?.hidden(),
    identified: () => tracker?.identified(),
    stop(reason) {
      stopped = true;
      tracker?.stop(reason);
    },
  };
}
