/**
 * The inspector's public shapes: its options, the handle `attachInspector` returns, and the report
 * "copy report as JSON" writes. Types only.
 *
 * @module
 */
import type { ClientStats, ConsentState, LoggingClient, ObjectName, OffersApi, RehearsalInput, Session } from '../index.js';

/**
 * The client the inspector watches: a `tp-web-sdk` client (with offers) or a `tp-web-sdk/logging`
 * one (without: the panel says so). Only the public API is read.
 */
export type InspectedClient = LoggingClient & { readonly offers?: Pick<OffersApi, 'list'> };

/** Options of `attachInspector`. */
export interface InspectorOptions {
  /**
   * A URL query parameter that opens the panel at attach time when the page's address has it
   * (`?tp-inspector`, with or without a value). `false`: the address is not read.
   * @default 'tp-inspector'
   */
  readonly queryParameter?: string | false;
  /**
   * A key (`KeyboardEvent.key`, e.g. `'F9'`) that opens and closes the panel. Ignored while the
   * player types in a text field. Undefined: no key.
   * @default undefined
   */
  readonly key?: string;
  /**
   * Draws the small floating button that opens the panel. `false`: the game opens it from code
   * (`handle.open()`) or by its gesture only.
   * @default true
   */
  readonly button?: boolean;
  /**
   * Corner of the floating button (the panel fills the viewport width on a phone, and sits in the
   * same corner on a wider screen).
   * @default 'bottom-right'
   */
  readonly corner?: 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';
  /**
   * The client's `platform` option (the store of its AI offers), written into the rehearsal
   * script ("copy as rehearsal script", `rehearsalScript()`).
   * @default 'web'
   */
  readonly platform?: string;
}

/** What `attachInspector` returns. Every method is safe to call at any time, any number of times. */
export interface InspectorHandle {
  /** Shows the panel and moves focus into it (its heading). Does nothing after `detach()`. */
  open(): void;
  /** Hides the panel and gives focus back to the element focused before `open()`. */
  close(): void;
  /** True while the panel is shown. */
  readonly isOpen: boolean;
  /** The report "copy report as JSON" copies, as an object (see {@link InspectorReport}). */
  report(): InspectorReport;
  /**
   * The rehearsal script "copy as rehearsal script" copies: `rehearseOffers`' input, with the
   * known offers as GET /offers records and the steps recorded since attach (the game's `showAt`
   * calls, gameplay, the page hidden and shown, the player's answers to an offer `showAt` showed
   * with the purchase a Buy came to, new sessions, the records of kinds with triggers, the time
   * between them as `advance`). The recording is kept in the tab's `sessionStorage` (at most
   * 1,000,000 characters, per player) at `pagehide` and when the page is hidden: the inspector of
   * the reloaded page continues it on the same clock, the page visible again and out of gameplay.
   * Where storage is refused, full or too small, it is kept in memory only and `notes` says so.
   * `detach()` forgets it.
   */
  rehearsalScript(): RehearsalInput;
  /** Removes the button, the panel and every listener (the client's and the page's), and forgets the rehearsal recording kept for a reload. Final. */
  detach(): void;
}

/**
 * The status of an upload, as the client's public events tell it:
 * - `sent`: on the wire;
 * - `delivered`: answered 200 (a `delivered` event);
 * - `failed`: a `retry` or `error` event for POST /logs came while it was on the wire, or the
 *   inspector's own "flush now" rejected: its records stay queued and go again;
 * - `dead-lettered`: answered 400, its records put aside (a `dead-letter` event);
 * - `paused`: the service refused the client key or headers (a `paused` event);
 * - `not-delivered`: it ended with no 200 and no event saying why (a `flush()` the game awaited
 *   that rejected, or a batch refused as too large and sent again in halves): seen when the next
 *   upload left;
 * - `handed-off`: a keepalive upload counted as delivered as it left, or handed to the
 *   service-worker relay.
 */
export type UploadStatus = 'sent' | 'delivered' | 'failed' | 'dead-lettered' | 'paused' | 'not-delivered' | 'handed-off';

/** One POST /logs request, as the inspector saw it leave. */
export interface UploadRow {
  /** The `requestId` of its `upload` event. */
  readonly requestId: number;
  /** When it left, in milliseconds since the epoch (the device clock). */
  readonly at: number;
  /** What happened to it (see {@link UploadStatus}). */
  readonly status: UploadStatus;
  /** Records per object kind. */
  readonly kinds: Readonly<Partial<Record<ObjectName, number>>>;
  /** Records in all. */
  readonly records: number;
  /** Body size on the wire, in bytes. */
  readonly bytes: number;
  /** True for an upload made while the page was hidden or unloading. */
  readonly keepalive: boolean;
}

/** One record `track` refused (an `invalid` event): the first issue's field path and reason. */
export interface InvalidRow {
  /** When, in milliseconds since the epoch. */
  readonly at: number;
  /** The object kind it was tracked as. */
  readonly objectName: string;
  /** Dotted field path of each issue (`''` for the record itself). */
  readonly paths: readonly string[];
  /** The reason of each issue, in the order of `paths`: `code: message`. */
  readonly reasons: readonly string[];
}

/** One offer of `offers.list()`, as the panel shows it. */
export interface OfferRow {
  readonly offerId: number;
  readonly kind: 'ai' | 'personalized';
  /** `usable`, or the `UnusableReason` (`expired`, `hidden-by-player`, …). */
  readonly verdict: string;
  /** Its state on this device (`received`, `impressed`, `opened`, …). */
  readonly state: string;
}

/** One known offer in a placement decision: passed over with its reason, or, without one, the offer picked. */
export interface DecisionCandidate {
  readonly offerId: number;
  /** Why it was passed over (`capped`, `not-in-placement`, `outranked`, `expired`, …); absent for the offer picked. */
  readonly reason?: string;
}

/** One decision of `offers.showAt()` (an `offer:skipped` or `offer:placed` event). */
export interface DecisionRow {
  /** When, in milliseconds since the epoch (the device clock). */
  readonly at: number;
  /** The placement asked for. */
  readonly placement: string;
  /**
   * `skipped`: nothing shown (see `reason`); `picked`: `offerId` was picked and is being shown (not
   * drawn yet, or something stood in the way: a later `skipped` row for the placement says so);
   * `shown`: its `offer:open` followed.
   */
  readonly outcome: 'skipped' | 'picked' | 'shown';
  /** The offer picked (`picked`, `shown`). */
  readonly offerId?: number;
  /** Why nothing was shown (`skipped`): `capped`, `in-gameplay`, `no-offer`, … */
  readonly reason?: string;
  /** With `capped`, the cap that held: `min-interval`, `session-grace`, `max-per-session`, … */
  readonly cap?: string;
  /** The record kind of the trigger that asked for it, when the event names one. */
  readonly trigger?: string;
  /** The first 50 known offers of the decision, each with why it was passed over. */
  readonly candidates: readonly DecisionCandidate[];
  /** Candidates past the first 50, counted, not listed. */
  readonly moreCandidates: number;
}

/** The report "copy report as JSON" copies: what the panel shows, as data. */
export interface InspectorReport {
  /** When it was made, ISO 8601. */
  readonly at: string;
  /** The page's address without its query and fragment (they may hold tokens). */
  readonly page: string;
  readonly userAgent: string;
  readonly consent: ConsentState;
  /** The client's `stats()`, without `relay`. */
  readonly stats: Omit<ClientStats, 'relay'>;
  /** Records dropped per reason, from the `dropped` events since the inspector was attached. */
  readonly droppedByReason: Readonly<Record<string, number>>;
  /** The last 50 uploads since the inspector was attached, newest first. */
  readonly uploads: readonly UploadRow[];
  /** The last 50 refused records since the inspector was attached, newest first. */
  readonly invalid: readonly InvalidRow[];
  /** The offers with their verdict and state; undefined for a client without offers (`tp-web-sdk/logging`). */
  readonly offers: readonly OfferRow[] | undefined;
  /** The last 50 placement decisions of `offers.showAt()` since the inspector was attached, newest first. */
  readonly decisions: readonly DecisionRow[];
  /** True while the game says the player plays (`gameplayStart()` to `gameplayStop()`). */
  readonly inGameplay: boolean;
  /** The session, or undefined when the client has none. */
  readonly session: Session | undefined;
  /** The last 50 session changes seen since the inspector was attached, newest first. */
  readonly sessionEvents: readonly string[];
  /** What went wrong inside the inspector itself (it never throws into the game), newest first. */
  readonly inspectorErrors: readonly string[];
}
