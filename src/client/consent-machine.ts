/**
 * Consent as a state table: the state is the player's consent crossed with what the client's
 * storage is doing (`granted/open`, `pending/retiring`, ...); each event moves it and lists the
 * effects to run, in order. Pure: the driver (consent.ts) enters the next state before it runs
 * the effects, and feeds back the events that end them (`retired`, `erased`).
 *
 * What the storage is doing:
 * - `closed`: no consented half and nothing under way. With consent, it opens when something
 *   needs it (after an erasing, nothing is stored anew until then);
 * - `open`: a consented half lives (consented.ts);
 * - `retiring`: the last half lets go, keeping its data (consent back to pending): nothing opens
 *   until it has, so no record is read twice; a record tracked meanwhile is held;
 * - `erasing`: the namespace is erased, by this tab or another (`forget()`, a denial): nothing
 *   opens until it ends; a record tracked meanwhile is held;
 * - `retiring+erasing`: both, an erasing begun while the last half retires;
 * - `shut`: after `shutdown()`: nothing opens again and consent no longer moves.
 *
 * A move is entered before its effects run, so a game's listener called by one (`session:end`
 * while a half retires) sees the state moved to: a record it tracks then is held, and the opening
 * it asks for waits for the `retired` or `erased` event.
 *
 * @module
 */
import type { ConsentState } from '../errors/index.js';

/** What the storage is doing (see above). */
export type StorageState = 'closed' | 'open' | 'retiring' | 'erasing' | 'retiring+erasing' | 'shut';

/** The player's consent / what the storage is doing. */
export type ConsentMachineState = `${ConsentState}/${StorageState}`;

/**
 * What happens to a client's consent:
 * - `granted`, `pending`, `denied`: `setConsent` with that state;
 * - `forget`: `forget()`;
 * - `track`: a checked record to queue, or to hold;
 * - `use`: something needs the storage: an offer call, or `ready()` (a flush, the dead letters);
 * - `retired`: the retiring half has let go;
 * - `erased`, `erased-holding`: the last erasing asked for (here or in another tab) has ended,
 *   with no record held / with records held;
 * - `others-erase`: another tab begins erasing the namespace;
 * - `shutdown`: `shutdown()`.
 */
export type ConsentMachineEvent = ConsentState | 'forget' | 'track' | 'use' | 'retired' | 'erased' | 'erased-holding' | 'others-erase' | 'shutdown';

/**
 * What a move does, run in the order listed:
 * - `open`: starts the consented half and queues what is held;
 * - `queue`: queues the record in the half;
 * - `hold`: holds the record in memory (past 1,000 the oldest go, with a `dropped` event);
 * - `retire`: the half retires keeping its data (`Consented.retire`); `retired` follows;
 * - `drop-held`: what is held for consent and for a player goes (`dropped`, reason `consent`);
 * - `erase` (a denial, reason `consent`), `forget` (`forget()`, reason `forget`): once the
 *   erasing under way has ended, what is held goes, the device gets a new id, the half is let go
 *   with the memory stores, and the namespace is erased with the other tabs (forget.ts); the
 *   stored records erased unsent are counted as dropped;
 * - `let-go`: for another tab's erasing: what is held goes, a new device id, the half is let go
 *   with the memory stores, then the wait for that erasing to end;
 * - `announce`: the `consent` event, with the consent moved to;
 * - `shut-down`: stops listening to the other tabs, gives the half its last upload, and once
 *   the erasing under way has ended lets what is held go (reason `consent`).
 *
 * Erasings (`erase`, `forget`, `let-go`) run one after another: `erased` (or `erased-holding`)
 * follows the last one asked for.
 */
export type ConsentEffect = 'open' | 'queue' | 'hold' | 'retire' | 'drop-held' | 'erase' | 'forget' | 'let-go' | 'announce' | 'shut-down';

/** A cell of the table: what the storage does next, then the effects to run. */
export type StorageMove = readonly [next: StorageState, ...effects: ConsentEffect[]];

/** An event with no effect in that state: the state stays, nothing runs. */
export const IGNORED = 'ignored';

type Cell = StorageMove | typeof IGNORED;

/** A cell that depends on the consent: with it granted, and otherwise. */
interface ByConsent {
  readonly granted: Cell;
  readonly otherwise: Cell;
}

/**
 * What the storage does on each event, and what runs. The consent moves only on `setConsent`,
 * to the state set; `setConsent` with the consent already there is ignored, in every state.
 * Written out over every state a client can reach: test/unit/client/consent-rows.ts.
 */
export const CONSENT_TRANSITIONS: Readonly<Record<StorageState, Readonly<Record<ConsentMachineEvent, Cell | ByConsent>>>> = {
  closed: {
    granted: ['open', 'open', 'announce'],
    pending: ['closed', 'announce'],
    denied: ['erasing', 'drop-held', 'erase', 'announce'],
    forget: ['erasing', 'forget'],
    track: { granted: ['open', 'open', 'queue'], otherwise: ['closed', 'hold'] },
    use: { granted: ['open', 'open'], otherwise: IGNORED },
    retired: IGNORED,
    erased: IGNORED,
    'erased-holding': IGNORED,
    'others-erase': ['erasing', 'let-go'],
    shutdown: ['shut', 'shut-down'],
  },
  // Only with consent granted.
  open: {
    granted: IGNORED,
    pending: ['retiring', 'retire', 'announce'],
    denied: ['erasing', 'drop-held', 'erase', 'announce'],
    forget: ['erasing', 'forget'],
    track: ['open', 'queue'],
    use: IGNORED,
    retired: IGNORED,
    erased: IGNORED,
    'erased-holding': IGNORED,
    'others-erase': ['erasing', 'let-go'],
    shutdown: ['shut', 'shut-down'],
  },
  retiring: {
    granted: ['retiring', 'announce'],
    pending: ['retiring', 'announce'],
    denied: ['retiring+erasing', 'drop-held', 'erase', 'announce'],
    forget: ['retiring+erasing', 'forget'],
    track: ['retiring', 'hold'],
    use: IGNORED,
    retired: { granted: ['open', 'open'], otherwise: ['closed'] },
    erased: IGNORED,
    'erased-holding': IGNORED,
    'others-erase': ['retiring+erasing', 'let-go'],
    shutdown: ['shut', 'shut-down'],
  },
  erasing: {
    granted: ['erasing', 'announce'],
    pending: ['erasing', 'announce'],
    denied: ['erasing', 'drop-held', 'erase', 'announce'],
    forget: ['erasing', 'forget'],
    track: ['erasing', 'hold'],
    use: IGNORED,
    retired: IGNORED,
    erased: ['closed'],
    'erased-holding': { granted: ['open', 'open'], otherwise: ['closed'] },
    'others-erase': IGNORED, // its end is awaited with the erasing under way
    shutdown: ['shut', 'shut-down'],
  },
  'retiring+erasing': {
    granted: ['retiring+erasing', 'announce'],
    pending: ['retiring+erasing', 'announce'],
    denied: ['retiring+erasing', 'drop-held', 'erase', 'announce'],
    forget: ['retiring+erasing', 'forget'],
    track: ['retiring+erasing', 'hold'],
    use: IGNORED,
    retired: ['erasing'],
    erased: ['retiring'],
    'erased-holding': ['retiring'],
    'others-erase': IGNORED,
    shutdown: ['shut', 'shut-down'],
  },
  // A record tracked while shutdown() waits for an erasing is held, and let go once it ends.
  shut: {
    granted: IGNORED,
    pending: IGNORED,
    denied: IGNORED,
    forget: ['shut', 'forget'],
    track: ['shut', 'hold'],
    use: IGNORED,
    retired: IGNORED,
    erased: IGNORED,
    'erased-holding': IGNORED,
    'others-erase': IGNORED, // no longer heard
    shutdown: ['shut', 'shut-down'],
  },
};

/** The state a client starts in, by its starting consent, and what it runs then. */
export const CONSENT_START: Readonly<Record<ConsentState, StorageMove>> = {
  granted: ['open', 'open'],
  pending: ['closed'],
  // The game's stored answer, or Global Privacy Control: what an earlier visit stored goes.
  denied: ['erasing', 'erase'],
};

/** A move of the whole state. */
export interface ConsentMove {
  readonly state: ConsentMachineState;
  readonly effects: readonly ConsentEffect[];
}

/** The moves worked out so far, by state and event (`null`: ignored): the table is fixed. */
const MOVES = new Map<ConsentMachineState, Map<ConsentMachineEvent, ConsentMove | null>>();

/**
 * The move for `event` in `state`, or undefined when the table ignores it. Worked out once per
 * state and event: a record tracked with consent (`track()` on every call) makes nothing new.
 */
export function consentMove(state: ConsentMachineState, event: ConsentMachineEvent): ConsentMove | undefined {
  let byEvent = MOVES.get(state);
  if (!byEvent) MOVES.set(state, (byEvent = new Map()));
  let move = byEvent.get(event);
  if (move === undefined) byEvent.set(event, (move = decideMove(state, event) ?? null));
  return move ?? undefined;
}

function decideMove(state: ConsentMachineState, event: ConsentMachineEvent): ConsentMove | undefined {
  const consent = consentOf(state);
  if (event === consent) return undefined;
  const cell = CONSENT_TRANSITIONS[state.slice(consent.length + 1) as StorageState][event];
  const move = typeof cell === 'object' && 'otherwise' in cell ? (consent === 'granted' ? cell.granted : cell.otherwise) : cell;
  if (move === IGNORED) return undefined;
  const [next, ...effects] = move;
  return { state: `${event === 'granted' || event === 'pending' || event === 'denied' ? event : consent}/${next}`, effects };
}

/** The state a client starts in, and what it runs then. */
export function consentStart(consent: ConsentState): ConsentMove {
  const [next, ...effects] = CONSENT_START[consent];
  return { state: `${consent}/${next}`, effects };
}

/** The player's consent in `state`. */
export function consentOf(state: ConsentMachineState): ConsentState {
  return state.slice(0, state.indexOf('/')) as ConsentState;
}
