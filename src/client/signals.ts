/**
 * The client's inner signals: how a part built early tells a part built later that something
 * happened, so the composition root builds each part once, top to bottom, and hands none of them
 * a callback into a part not made yet. Not public: the game hears the client's events (bus/).
 *
 * @module
 */
import { EventEmitter } from 'eventemitter3';
import type { Trigger } from '../delivery/index.js';
import type { ClockSample } from '../internal/index.js';

/**
 * What may let offers work go now: an upload trigger, the page shown, another tab's write; or the
 * page unloading (`pagehide`: a `showAt` not yet open ends and its reservation is released).
 */
export type OfferKick = Trigger | 'visible' | 'others-wrote' | 'pagehide';

/** Signal name → arguments. */
export interface SignalMap {
  /** Something that may let a background upload go (timer, threshold, start, online). */
  upload: [trigger: Trigger];
  /** Something that may let a first-open update go or call for an automatic refresh; `pagehide`. */
  offers: [kick: OfferKick];
  /** This tab wrote records to the shared queue (the uploading tab hears it by the tab channel). */
  written: [];
  /** An answer of the service (any endpoint): its `Date` header feeds the service clock. */
  answer: [sample: ClockSample];
}

export type Signals = EventEmitter<SignalMap>;

/** A new set of signals for one client. */
export function createSignals(): Signals {
  return new EventEmitter<SignalMap>();
}
