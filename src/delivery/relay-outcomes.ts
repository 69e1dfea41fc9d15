/**
 * What the service-worker relay remembers of its sends, per queue database: the keys of each, and
 * whether the service accepted it. A page taking over asks about the keys earlier pages handed it
 * and did not hear back about: it waits for those sends, and hears what they delivered, once.
 *
 * @module
 */
import { RELAY_ARRIVAL_MS, type RelaySettled } from './relay-protocol.js';

/** How long a send is remembered once refused, or once a page was told of it, in milliseconds. */
const OUTCOME_MS = 60_000;

/** The most sends remembered per queue database; past it the oldest settled ones are forgotten. */
export const RELAY_MAX_OUTCOMES = 64;

interface Outcome {
  readonly keys: ReadonlySet<string>;
  readonly done: Promise<boolean>;
  /** Undefined while the send is on its way. */
  accepted: boolean | undefined;
  /**
   * A page was told of it by a settle question. The page that handed it over may have heard its
   * answer instead: it then takes the keys out of its notes, and no later page asks about them.
   */
  told: boolean;
}

/** The answer to a settle question: what was delivered that no page was told of. */
export type Tally = Pick<RelaySettled, 'records' | 'batches'>;

export interface RelayOutcomes {
  /** A send of `keys` started; `done` resolves whether the service accepted it (and the keys were deleted). */
  add(queueDb: string, keys: readonly string[], done: Promise<boolean>): void;
  /**
   * Resolves once the sends of `keys` settled (waiting up to {@link RELAY_ARRIVAL_MS} for a key not
   * heard of yet), with what they delivered that no page was told of. Those sends are told of once.
   */
  settle(queueDb: string, keys: readonly string[]): Promise<Tally>;
}

export function relayOutcomes(): RelayOutcomes {
  const queues = new Map<string, Outcome[]>();
  /** Wakes the `settle` questions waiting for a send to arrive. */
  let arrived: () => void = () => undefined;
  let arrival = new Promise<void>((resolve) => (arrived = resolve));
  const forget = (queueDb: string, outcome: Outcome): void => {
    const list = queues.get(queueDb);
    const at = list?.indexOf(outcome) ?? -1;
    if (at >= 0) list!.splice(at, 1);
  };
  const forgetLater = (queueDb: string, outcome: Outcome): void => void setTimeout(() => forget(queueDb, outcome), OUTCOME_MS);
  /** The latest send of `key`. */
  const find = (list: readonly Outcome[] | undefined, key: string): Outcome | undefined => {
    for (let i = (list?.length ?? 0) - 1; i >= 0; i--) if (list![i]!.keys.has(key)) return list![i];
    return undefined;
  };
  return {
    add(queueDb, keys, done) {
      const outcome: Outcome = { keys: new Set(keys), done, accepted: undefined, told: false };
      let list = queues.get(queueDb);
      if (!list) queues.set(queueDb, (list = []));
      list.push(outcome);
      // The oldest settled sends go first; one still on its way is never forgotten.
      for (let i = 0; list.length > RELAY_MAX_OUTCOMES && i < list.length; ) {
        if (list[i]!.accepted === undefined) i++;
        else list.splice(i, 1);
      }
      void done.then((accepted) => {
        outcome.accepted = accepted;
        // Delivered: kept until a page is told (or the worker stops, or newer sends crowd it out).
        if (!accepted) forgetLater(queueDb, outcome);
      });
      arrived();
      arrival = new Promise<void>((resolve) => (arrived = resolve));
    },
    async settle(queueDb, keys) {
      const deadline = Date.now() + RELAY_ARRIVAL_MS;
      while (keys.some((k) => !find(queues.get(queueDb), k)) && Date.now() < deadline) {
        await Promise.race([arrival, new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())))]);
      }
      const asked = new Map<string, Outcome>();
      for (const key of new Set(keys)) {
        const outcome = find(queues.get(queueDb), key);
        if (outcome) asked.set(key, outcome);
      }
      await Promise.allSettled([...asked.values()].map((o) => o.done));
      let records = 0;
      const batches = new Set<Outcome>();
      for (const outcome of asked.values()) {
        if (outcome.accepted !== true || (outcome.told && !batches.has(outcome))) continue; // told once
        records += 1;
        batches.add(outcome);
        outcome.told = true;
      }
      for (const outcome of batches) forgetLater(queueDb, outcome);
      return { records, batches: batches.size };
    },
  };
}
