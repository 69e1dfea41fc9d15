/**
 * Uploading for all tabs from one: the leader uploads; a follower's `flush()` becomes a request to
 * the leader over the tab channel, answered with the leader's result or typed error. A follower
 * that becomes leader while it waits runs its request itself.
 *
 * @module
 */
import { NetworkError, ProtocolError, ServiceError, TpError, toTpError, type TpErrorCode } from '../errors/index.js';
import type { FlushResult } from '../delivery/index.js';
import type { Leadership } from './leader.js';
import type { TabChannel, WireError } from './channel.js';

export interface CoordinatorOptions {
  readonly leadership: Leadership;
  readonly channel: TabChannel;
  /** One upload pass up to `target` (undefined: this tab's own last record), run by the leader. */
  readonly upload: (target: string | undefined) => Promise<FlushResult>;
  /** Another tab wrote records (heard by the leader). */
  readonly onOthersWrote: () => void;
  /** The leader's count of queued records (heard by followers). */
  readonly onQueued: (count: number) => void;
  /** How long a follower waits for the leader's answer, in milliseconds. */
  readonly timeoutMs: number;
  readonly newId: () => string;
}

interface Pending {
  readonly target: string | undefined;
  readonly resolve: (result: FlushResult) => void;
  readonly reject: (error: TpError) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

export class TabCoordinator {
  readonly #o: CoordinatorOptions;
  readonly #pending = new Map<string, Pending>();

  constructor(options: CoordinatorOptions) {
    this.#o = options;
    options.channel.onMessage((m) => {
      const leader = options.leadership.isLeader;
      if (m.type === 'flush' && leader) {
        options.upload(m.target).then(
          (result) => options.channel.post({ type: 'flushed', id: m.id, result }),
          (error: unknown) => options.channel.post({ type: 'flushed', id: m.id, error: toWire(toTpError(error)) }),
        );
      } else if (m.type === 'flushed') this.#settle(m.id, m.result, m.error);
      else if (m.type === 'written' && leader) options.onOthersWrote();
      else if (m.type === 'queued' && !leader) options.onQueued(m.count);
    });
    // A follower that becomes leader answers its own waiting requests.
    options.leadership.onLeader(() => {
      for (const [id, p] of this.#pending) options.upload(p.target).then((r) => this.#settle(id, r), (e: unknown) => this.#settle(id, undefined, toWire(toTpError(e))));
    });
  }

  /** Uploads up to `target`: here when this tab leads, else by asking the leader. */
  flush(target: string | undefined): Promise<FlushResult> {
    if (this.#o.leadership.isLeader) return this.#o.upload(target);
    return new Promise((resolve, reject) => {
      const id = this.#o.newId();
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new NetworkError('logs', new Error('no tab answered the upload request in time')));
      }, this.#o.timeoutMs);
      this.#pending.set(id, { target, resolve, reject, timer });
      this.#o.channel.post({ type: 'flush', id, target });
    });
  }

  /** This tab wrote records: a follower tells the leader. */
  written(): void {
    if (!this.#o.leadership.isLeader) this.#o.channel.post({ type: 'written' });
  }

  /** The leader tells followers how many records are queued. */
  queued(count: number): void {
    if (this.#o.leadership.isLeader) this.#o.channel.post({ type: 'queued', count });
  }

  /** Stops: a `flush()` still waiting for the leader rejects (its records stay queued). */
  close(): void {
    for (const p of this.#pending.values()) {
      clearTimeout(p.timer);
      p.reject(new NetworkError('logs', new Error('the client shut down before the uploading tab answered')));
    }
    this.#pending.clear();
    this.#o.leadership.release();
    this.#o.channel.close();
  }

  #settle(id: string, result?: FlushResult, error?: WireError): void {
    const p = this.#pending.get(id);
    if (!p) return;
    this.#pending.delete(id);
    clearTimeout(p.timer);
    if (error) p.reject(fromWire(error));
    else p.resolve(result!);
  }
}

function toWire(e: TpError): WireError {
  const { status, reason, retryable, retryAfterMs } = e as Partial<ServiceError>;
  return { code: e.code, name: e.name, message: e.message, status, reason, retryable, retryAfterMs };
}

/** Rebuilds the typed error a leader reported. */
function fromWire(w: WireError): TpError {
  if (w.code === 'service' && w.status !== undefined) return new ServiceError('logs', w.status, w.reason ?? '', w.retryAfterMs, w.retryable);
  if (w.code === 'network') return new NetworkError('logs', new Error(w.message));
  if (w.code === 'protocol') return new ProtocolError('logs', w.message);
  return new TpError(w.code as TpErrorCode, w.message);
}
