/**
 * The composition root: builds one client from its options, each part once, top to bottom, and
 * returns the public object. It only wires; the work is in the parts (docs/architecture.md):
 *
 * - tracking.ts: a record's way from `track()` to the queue;
 * - consent.ts: the player's consent, the records held for it, `forget()`;
 * - consented.ts: what exists only with consent: the storage (storage.ts, open-queue.ts), the sending
 *   (sending.ts), who uploads and when (uploads.ts), the offer engine, the page's listeners (page.ts);
 * - gameplay.ts: the natural breaks the game tells (`gameplayStart()`, `gameplayStop()`);
 * - stats.ts: the counters;
 * - log.ts: the debug log (`logLevel`), from the events and from hooks the parts call;
 * - public-client.ts: the object returned, each method handing over to a part.
 *
 * Parts of the consented half tell each other through `signals` (signals.ts), never by a callback
 * into a part not made yet.
 *
 * @module
 */
import { createEmitter } from '../bus/index.js';
import { createLog } from '../internal/index.js';
import { VERSION } from '../version.js';
import type { EntryDefaults, TpClient } from './api.js';
import { controlConsent } from './consent.js';
import { describeThisDevice } from './device.js';
import { trackGameplay } from './gameplay.js';
import { startLog } from './log.js';
import { resolveOptions, type ClientOptions } from './options.js';
import { publicClient } from './public-client.js';
import { countStats } from './stats.js';
import { createTracking } from './tracking.js';

/** Creates a client. See `createClient` in the package entry. */
export function createCoreClient(options: ClientOptions, defaults: EntryDefaults = {}): TpClient {
  const o = resolveOptions(options);
  if (o.offerRules !== undefined) defaults.offers?.checkRules(o.offerRules);
  const emitter = createEmitter();
  const stats = countStats(emitter); // first listener: a game's listener sees its event counted
  const log = startLog(createLog(o.logLevel, o.logger), emitter);
  log.started?.(o, VERSION);
  const device = describeThisDevice(o);
  const ui = o.ui === undefined ? defaults.ui?.() : o.ui ?? undefined;
  let clientKey = o.clientKey;
  const gameplay = trackGameplay(emitter);

  // The offers' triggers, by record kind: the engine of the moment hears the records they name.
  const triggers = defaults.offers?.triggers?.(o.offerRules, () => consent.consented?.offers, o.purchase !== undefined);
  const tracking = createTracking({ o, device, emitter, log, denied: () => consent.state === 'denied', queueOrHold: (entry) => consent.queueOrHold(entry), triggers });
  const consent = controlConsent({
    o,
    emitter,
    log,
    device,
    tracking,
    ui: () => ui,
    clientKey: () => clientKey,
    player: () => tracking.player,
    records: tracking,
    trackAutomatic: (objectName) => tracking.trackAutomatic(objectName),
    onRetry: stats.retried,
    offers: defaults.offers?.engine,
    gameplay,
  });
  const setClientKey = (key: string): void => void (clientKey = key);
  return publicClient({ emitter, stats, tracking, consent, gameplay, offersApi: defaults.offers?.api, ui, setClientKey });
}
