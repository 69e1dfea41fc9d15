/**
 * The listener side of the bridge: messages (events and asynchronous replies) are queued in order
 * and handed to the listeners in a later task, never inside `call`, so engine code is not entered
 * again while it is calling. Until a listener is added, the newest 1,000 messages wait.
 *
 * @module
 */

/** A listener of the bridge: gets each message as JSON text. */
export type BridgeListener = (messageJson: string) => void;

/** Messages kept while nobody listens. */
const MAX_WAITING = 1000;

/** Runs `task` in a later task: a message port where there is one (not throttled like timers), else a timer. */
function laterTasks(): (task: () => void) => void {
  if (typeof MessageChannel !== 'function') return (task) => void setTimeout(task, 0);
  const channel = new MessageChannel();
  let pending: (() => void) | undefined;
  channel.port1.onmessage = () => pending?.();
  // Node keeps a port with a listener alive: this one must not hold a process open.
  (channel.port1 as { unref?: () => void }).unref?.();
  return (task) => {
    pending = task;
    channel.port2.postMessage(null);
  };
}

/** The queue of messages, and the listeners it delivers to. */
export interface Outbox {
  /** Queues a message (JSON text) for the listeners. */
  post(messageJson: string): void;
  /** Adds a listener; returns what removes it. */
  listen(listener: BridgeListener): () => void;
}

/**
 * @param listenerThrew Makes the message telling that a listener threw (delivered like the rest;
 *   a listener throwing on that one is not told again).
 */
export function createOutbox(listenerThrew: (error: unknown) => string): Outbox {
  /** Queued messages; `aboutThrow` marks the ones telling that a listener threw. */
  const queue: { readonly json: string; readonly aboutThrow: boolean }[] = [];
  const listeners = new Set<BridgeListener>();
  const later = laterTasks();
  let scheduled = false;

  const deliver = (): void => {
    scheduled = false;
    if (listeners.size === 0) return;
    for (const message of queue.splice(0)) {
      for (const listener of [...listeners]) {
        try {
          listener(message.json);
        } catch (error) {
          if (!message.aboutThrow) queue.push({ json: listenerThrew(error), aboutThrow: true });
        }
      }
    }
    if (queue.length > 0) schedule();
  };
  const schedule = (): void => {
    if (scheduled || listeners.size === 0) return;
    scheduled = true;
    later(deliver);
  };
  return {
    post(json) {
      queue.push({ json, aboutThrow: false });
      if (listeners.size === 0 && queue.length > MAX_WAITING) queue.shift();
      schedule();
    },
    listen(listener) {
      listeners.add(listener);
      schedule();
      return () => void listeners.delete(listener);
    },
  };
}
