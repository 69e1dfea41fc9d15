/**
 * Where the inspector keeps a tab's rehearsal recording across reloads: `sessionStorage` (this
 * tab and origin only, gone with the tab), one item per player. Never throws: where storage is
 * refused (a sandboxed frame, the browser's settings) or the recording is larger than
 * {@link KEPT_CHARS}, nothing is kept (an older copy is removed, so a reload never continues a
 * stale one) and the caller records in memory only.
 *
 * @module
 */
import type { RehearsalStep } from '../index.js';

/** One recorded step: when (device time, milliseconds since the epoch) and what. */
export interface RecordedStep {
  at: number;
  step: RehearsalStep;
  /** The offer a `react` step answered (its purchase is written on it when it ends). */
  offerId?: number;
  /** A step that set off triggered decisions, timed at the first of them. */
  retimed?: boolean;
}

/** What is kept of a recording. */
export interface Recording {
  /** The virtual clock's start: the session's start, in milliseconds since the epoch. */
  readonly start: number;
  readonly steps: RecordedStep[];
  /** The oldest steps dropped over the step limit. */
  dropped: number;
  /** Each offer as GET /offers sent it when first seen (before the session's opens changed it). */
  readonly offers: Array<Record<string, unknown>>;
}

/** Most characters a kept recording takes: a fifth of the usual 5 Mi per origin, shared with the game. */
export const KEPT_CHARS = 1_000_000;

const PREFIX = 'tp-web-sdk/inspector/rehearsal/';

/** The tab's `sessionStorage`, or undefined where reading it is refused. */
function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

const isStep = (v: unknown): v is RecordedStep =>
  typeof v === 'object' && v !== null && Number.isFinite((v as RecordedStep).at) && typeof (v as RecordedStep).step?.step === 'string';

/** The recording kept for `player` in this tab, if any and well-formed. */
export function loadRecording(player: string): Recording | undefined {
  try {
    const text = storage()?.getItem(PREFIX + player);
    if (!text) return undefined;
    const value = JSON.parse(text) as Partial<Recording>;
    if (!Number.isFinite(value.start) || !Array.isArray(value.steps) || !value.steps.every(isStep)) return undefined;
    const offers = Array.isArray(value.offers) ? value.offers.filter((o) => typeof o === 'object' && o !== null && Number.isFinite(o.offer_id)) : [];
    return { start: value.start!, steps: value.steps, dropped: Number(value.dropped) || 0, offers };
  } catch {
    return undefined;
  }
}

/**
 * Keeps `recording` for `player`: `kept`, or why not (`refused`: no storage or it threw, full
 * included; `too-large`: over {@link KEPT_CHARS}), the item then removed.
 */
export function saveRecording(player: string, recording: Recording): 'kept' | 'refused' | 'too-large' {
  const store = storage();
  let why: 'refused' | 'too-large' = 'refused';
  try {
    if (!store) return why;
    const text = JSON.stringify(recording);
    if (text.length <= KEPT_CHARS) {
      store.setItem(PREFIX + player, text);
      return 'kept';
    }
    why = 'too-large';
  } catch {
    // Full, or refused: below.
  }
  forgetRecording(player);
  return why;
}

/** Removes the recording kept for `player` (the inspector was detached: its recording ends). */
export function forgetRecording(player: string): void {
  try {
    storage()?.removeItem(PREFIX + player);
  } catch {
    // Nothing kept either way.
  }
}
