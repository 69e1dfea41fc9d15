/**
 * A rescue store over an array, for queue tests: each `save` is one page's copy; `readAll` reads
 * every copy saved so far, and its `forget` deletes those copies.
 */
import type { RescueStore, StoredEntry } from '../../src/queue/index.js';

export function arrayRescue(saved: StoredEntry[][]): RescueStore {
  return {
    prefix: undefined,
    save: (entries) => void saved.push([...entries]),
    readAll: () => {
      const copies = saved.length;
      return { items: saved.slice(0, copies).flat(), forget: () => void saved.splice(0, copies) };
    },
  };
}
