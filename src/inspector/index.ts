/**
 * The inspector's door: `attachInspector` wires the model (the client's events), the panel (the
 * DOM), the report and the gestures. It reads the client through its public API only.
 *
 * @module
 */
import { copyReport } from './copy.js';
import { listenForKey, openedByAddress } from './gesture.js';
import { watchClient } from './model.js';
import { createPanel, type Panel } from './panel.js';
import { recordRehearsal } from './rehearsal.js';
import { buildReport } from './report.js';
import type { RehearsalInput } from '../index.js';
import type { InspectedClient, InspectorHandle, InspectorOptions, InspectorReport } from './types.js';

export type {
  DecisionCandidate,
  DecisionRow,
  InspectedClient,
  InspectorHandle,
  InspectorOptions,
  InspectorReport,
  InvalidRow,
  OfferRow,
  UploadRow,
  UploadStatus,
} from './types.js';

/**
 * `now`, read once per run of code: the decision list and the rehearsal recorder, listening to
 * the same event, note the same time (the replay's decision times are the list's).
 */
function oncePerTurn(now: () => number): () => number {
  let at: number | undefined;
  return () => {
    if (at === undefined) {
      at = now();
      queueMicrotask(() => (at = undefined));
    }
    return at;
  };
}

/**
 * Attaches the in-game inspector to `client`: a small floating button (unless `button: false`)
 * and a panel over the game, in a shadow root on `document.body`, showing consent and storage,
 * the queue's counters, drops per reason, the last 50 uploads (time, status, records per kind,
 * bytes), the last 50 invalid records (field path and reason), the offers (verdict, state), the
 * last 50 placement decisions of `offers.showAt()` (the outcome, and each candidate's reason), the
 * session, and "flush now", "copy report as JSON" and "copy as rehearsal script" buttons (the
 * inputs of the placement decisions since attach, continued across reloads of the tab, for
 * `rehearseOffers`).
 *
 * Lists start at attach time (the counters are the client's `stats()`, since `createClient`).
 * Nothing of the inspector ever throws into the game: a failure of its own is listed in the panel
 * and the report. Without a DOM (Node, a worker) it draws nothing and the handle still works.
 * Attached before the page has a `<body>` (a script in `<head>`), it draws at `DOMContentLoaded`,
 * opened then if `open()` was called meanwhile.
 *
 * @param client A client of `tp-web-sdk` or of `tp-web-sdk/logging` (then "no offers in this build").
 * @param options The gestures that open it (`?tp-inspector` in the address by default, a key),
 *   the button and its corner.
 * @returns The handle: `open()`, `close()`, `isOpen`, `report()`, `rehearsalScript()`, `detach()`.
 */
export function attachInspector(client: InspectedClient, options: InspectorOptions = {}): InspectorHandle {
  let panel: Panel | undefined;
  const now = oncePerTurn(Date.now);
  const model = watchClient(client, () => panel?.changed(), now);
  const report = (): InspectorReport => buildReport(client, model);
  const recorder = recordRehearsal(client, now, model.fault);
  const rehearsalScript = (): RehearsalInput => recorder.script(options.platform ?? 'web');
  const guarded = (where: string, action: () => void): void => {
    try {
      action();
    } catch (error) {
      model.fault(where, error);
    }
  };
  let stopKey = (): void => undefined;
  /** Stops waiting for `<body>`. */
  let stopWaiting = (): void => undefined;
  let detached = false;
  /** `open()` was called before the panel could be drawn. */
  let openWhenDrawn = false;
  const handle: InspectorHandle = {
    open: () =>
      guarded('open', () => {
        if (panel) panel.open();
        else openWhenDrawn = !detached;
      }),
    close: () => guarded('close', () => panel?.close()),
    get isOpen() {
      return panel?.isOpen ?? false;
    },
    report,
    rehearsalScript,
    detach: () => {
      if (detached) return;
      detached = true;
      guarded('detach', () => {
        stopWaiting();
        stopKey();
        model.stop();
        recorder.stop();
        panel?.remove();
        panel = undefined;
      });
    },
  };
  const draw = (): void => {
    if (detached) return;
    panel = createPanel(options, {
      report,
      fault: model.fault,
      copy: copyReport,
      rehearsal: rehearsalScript,
      flush: (say) => {
        say('Flushing…');
        client.flush().then(
          (r) => say(`Flushed: ${r.records} record(s) in ${r.batches} request(s)${r.deadLettered ? `, ${r.deadLettered} dead-lettered` : ''}.`),
          (error: unknown) => {
            model.flushFailed();
            say(`Flush failed: ${error instanceof Error ? error.message : String(error)}`);
            panel?.changed();
          },
        );
      },
    });
    stopKey = listenForKey(options, () => guarded('the key', () => (panel?.isOpen ? panel.close() : panel?.open())));
    if (openWhenDrawn || openedByAddress(options)) panel.open();
  };
  guarded('attach', () => {
    if (typeof document === 'undefined') return;
    if (document.body) return draw();
    const ready = (): void => guarded('attach', draw);
    document.addEventListener('DOMContentLoaded', ready, { once: true });
    stopWaiting = () => document.removeEventListener('DOMContentLoaded', ready);
  });
  return handle;
}
