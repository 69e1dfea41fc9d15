/**
 * Messages between the tabs of one game (BroadcastChannel): a follower asks the leader to upload,
 * and the leader says what happened and how many records are queued.
 *
 * @module
 */

/** A serializable failure, rebuilt as a typed error on the other side. */
export interface WireError {
  readonly code: string;
  readonly name: string;
  readonly message: string;
  readonly status?: number;
  readonly reason?: string;
  /** A `ServiceError`'s own `retryable` and `retryAfterMs`, as the leader saw them. */
  readonly retryable?: boolean;
  readonly retryAfterMs?: number;
}

export type TabMessage =
  /** A follower wants everything up to `target` uploaded. */
  | { readonly type: 'flush'; readonly id: string; readonly target: string | undefined }
  /** The leader's answer to a `flush`. */
  | { readonly type: 'flushed'; readonly id: string; readonly result?: { records: number; batches: number; deadLettered: number }; readonly error?: WireError }
  /** A follower wrote records; the leader should upload soon. */
  | { readonly type: 'written' }
  /** The leader's count of queued records, after an upload pass. */
  | { readonly type: 'queued'; readonly count: number }
  /** A tab's `forget()` erases the game's data: every other tab lets go of its storage now. */
  | { readonly type: 'forget'; readonly id: string }
  /** The erasing tab is done: the others may open their storage again (a tab that did not hear `forget` lets go now). */
  | { readonly type: 'forgotten'; readonly id: string };

export interface TabChannel {
  /** Sends to the other tabs; after `close()`, nothing (an upload that ends after shutdown answers no one). */
  post(message: TabMessage): void;
  onMessage(listener: (message: TabMessage) => void): void;
  close(): void;
}

const SILENT: TabChannel = { post: () => undefined, onMessage: () => undefined, close: () => undefined };

/**
 * A channel named `name`; a silent one for `undefined` (nothing shared: memory storage) or where
 * BroadcastChannel is missing.
 */
export function openTabChannel(name: string | undefined): TabChannel {
  if (name === undefined || typeof BroadcastChannel !== 'function') return SILENT;
  const channel = new BroadcastChannel(name);
  let open = true;
  return {
    post: (message) => open && channel.postMessage(message),
    onMessage: (listener) => channel.addEventListener('message', (event) => listener(event.data as TabMessage)),
    close: () => {
      open = false;
      channel.close();
    },
  };
}
