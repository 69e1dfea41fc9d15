/**
 * An uploader as a page has it when it goes away, for tests of what the page decides then: a
 * memory queue holding records (its head read), a transport over real HTTP to `baseUrl`, the page's
 * unloading state, and what each request left with. Also `gate()`, a promise a test lets go.
 */
import { expect } from 'vitest';
import { Transport } from '../../src/delivery/index.js';
import { createMemoryStore, RecordQueue } from '../../src/queue/index.js';
import { testUploader } from './uploader.js';

/** A promise and the function that settles it. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

export interface GoingPageOptions {
  /** The service has been answering: the unload upload counts as delivered as it leaves. @default false */
  readonly trusted?: boolean;
  /** Records queued. @default 4 */
  readonly count?: number;
  /** Padding of each record's `app_version`, in characters. @default 1 */
  readonly bytes?: number;
  readonly maxBatchRecords?: number;
  /** The first request is rejected in the page when this resolves, as Chromium does at unload. */
  readonly cutOff?: Promise<void>;
}

export async function goingPage(baseUrl: string, options: GoingPageOptions = {}) {
  const queue = new RecordQueue({ store: createMemoryStore(), tabId: 't', clock: Date.now, onStorageError: (e) => expect.fail(String(e)) });
  const pad = 'x'.repeat(options.bytes ?? 1);
  for (let i = 0; i < (options.count ?? 4); i++) queue.enqueue({ objectName: 'players_login', record: { app_version: `${i}${pad}` }, enqueuedAt: i });
  await queue.peek(10_000);
  /** The `keepalive` flag of each request, in order. */
  const keepalive: boolean[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    keepalive.push(init?.keepalive === true);
    if (keepalive.length === 1 && options.cutOff) return options.cutOff.then(() => Promise.reject(new TypeError('Failed to fetch')));
    return globalThis.fetch(input, init);
  };
  let unloading = false;
  const background: unknown[] = [];
  const uploader = testUploader(queue, new Transport({ baseUrl, fetch: fetchImpl, credentials: () => ({ clientKey: 'k', authMode: 'client' }), timeoutMs: 10_000, offersPlayerParam: 'player_slug' }), {
    trustKeepalive: () => options.trusted === true,
    isUnloading: () => unloading,
    onBackgroundError: (e) => void background.push(e),
    ...(options.maxBatchRecords && { maxBatchRecords: options.maxBatchRecords }),
  });
  const keys = (await queue.peek(10_000)).map((e) => e.key);
  return {
    queue,
    uploader,
    keepalive,
    keys,
    background,
    setUnloading: (value: boolean) => void (unloading = value),
    /** The page goes (`pagehide`): no new drain request, then the unload upload. */
    pageGoes: (): void => {
      unloading = true;
      uploader.unload(true);
    },
    /** Back from the back/forward cache. */
    comeBack: () => void (unloading = false),
  };
}
