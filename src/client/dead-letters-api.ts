/**
 * `client.deadLetters`: list, requeue and clear the records the SDK put aside instead of
 * resending forever or deleting.
 *
 * @module
 */
import type { Uploader } from '../delivery/index.js';
import { byKey, type RecordQueue } from '../queue/index.js';
import type { ObjectName } from '../records/index.js';
import type { DeadLettersApi } from './api.js';
import type { ResolvedOptions } from './options.js';
import type { ClientStorage } from './storage.js';

export function deadLettersApi(
  o: Pick<ResolvedOptions, 'now'>,
  storage: Pick<ClientStorage, 'locks' | 'dbPrefix'>,
  queue: Pick<RecordQueue, 'enqueue' | 'settled'>,
  uploader: Pick<Uploader, 'deadLetters'>,
): DeadLettersApi {
  const { locks, dbPrefix } = storage;
  /** The last `requeue()`, which the next one waits for. */
  let requeueing: Promise<number> = Promise.resolve(0);
  const requeueAll = async (): Promise<number> => {
    const letters = await uploader.deadLetters.list();
    const entries = letters.flatMap((l) => l.entries) as Array<{ objectName: ObjectName; record: Record<string, unknown> }>;
    for (const { objectName, record } of entries) queue.enqueue({ objectName, record, enqueuedAt: o.now() });
    await queue.settled();
    await uploader.deadLetters.remove(letters.map((l) => l.key));
    return entries.length;
  };
  return {
    list: async () => (await uploader.deadLetters.list()).sort(byKey),
    requeue() {
      // One at a time, in this tab and across tabs (Web Locks, where there are): two calls at
      // once would each put every letter back.
      return (requeueing = requeueing
        .catch(() => 0)
        .then(() => (locks ? (locks.request(`${dbPrefix}/dead-letter`, requeueAll) as Promise<unknown> as Promise<number>) : requeueAll())));
    },
    clear: async () => uploader.deadLetters.remove((await uploader.deadLetters.list()).map((l) => l.key)),
  };
}
