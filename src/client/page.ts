/**
 * What the page tells a client, turned into the client's work: the flush timer, the browser
 * coming online, the page hidden, unloaded (`pagehide`) or shown again (`pageshow`), shown to the
 * player again, and another tab's rescue copy saved at its unload.
 *
 * @module
 */
import type { SendGate, Trigger } from '../delivery/index.js';
import type { RecordQueue } from '../queue/index.js';
import { watchConnectivity } from './connectivity.js';
import type { ResolvedOptions } from './options.js';
import { watchPageLifecycle } from './page-lifecycle.js';
import type { Sending } from './sending.js';
import type { Signals } from './signals.js';
import type { ClientStorage } from './storage.js';
import type { Uploads } from './uploads.js';

/** What the page's listeners read and drive. */
export interface PageDeps {
  readonly o: Pick<ResolvedOptions, 'flushIntervalMs' | 'flushOnHide'>;
  /** The rescue copies' names, when the game's tabs share them. */
  readonly storage: Pick<ClientStorage, 'shared' | 'rescuePrefix'>;
  readonly queue: Pick<RecordQueue, 'rescue' | 'cancelRescue' | 'adoptRescues'>;
  /** The page's unloading, kept by the gate (its state tells the first `pageshow`). */
  readonly gate: Pick<SendGate, 'setUnloading' | 'state'>;
  readonly sending: Pick<Sending, 'saveLedger' | 'uploader'>;
  readonly uploads: Pick<Uploads, 'unload'>;
  readonly signals: Signals;
}

/** Starts listening to the page; returns a function that stops (shutdown). */
export function watchPage({ o, storage, queue, gate, sending, uploads, signals }: PageDeps): () => void {
  /** Kicks the background uploads (when automatic) and the first-open updates. */
  const kickAll = (trigger: Trigger): void => {
    signals.emit('upload', trigger);
    signals.emit('offers', trigger);
  };
  const timer = o.flushIntervalMs > 0 ? setInterval(() => kickAll('timer'), o.flushIntervalMs) : undefined;
  // In Node the timer must not keep a finished script alive.
  (timer as { unref?: () => void } | undefined)?.unref?.();
  const stopConnectivity = watchConnectivity(() => kickAll('online'));

  // Another tab saved a rescue at unload: restore it now, while delivered keys are remembered.
  const onStorage = (event: StorageEvent): void => {
    if (event.key?.startsWith(storage.rescuePrefix) && event.newValue) void queue.adoptRescues();
  };
  if (storage.shared && typeof addEventListener === 'function') addEventListener('storage', onStorage);

  const onPageHide = (): void => {
    // Every tab: writes that have not finished are saved where the next page finds them.
    queue.rescue();
    uploads.unload(true);
  };
  const stopLifecycle = watchPageLifecycle({
    hidden: () => {
      if (o.flushOnHide) uploads.unload(false);
      sending.saveLedger();
    },
    unload: () => {
      gate.setUnloading(true);
      signals.emit('offers', 'pagehide');
      if (o.flushOnHide) onPageHide();
      else queue.rescue();
      sending.saveLedger();
    },
    visible: () => void signals.emit('offers', 'visible'),
    shown: () => {
      if (!gate.state.unloading) return; // the first pageshow, at load
      gate.setUnloading(false);
      queue.cancelRescue();
      sending.uploader.pageShown();
      kickAll('start'); // back from the back/forward cache: what waited for the page goes now
    },
  });

  return () => {
    if (timer !== undefined) clearInterval(timer);
    stopConnectivity();
    stopLifecycle();
    if (typeof removeEventListener === 'function') removeEventListener('storage', onStorage);
  };
}
