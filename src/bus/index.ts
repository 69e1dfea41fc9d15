export {
  createEmitter,
  guardListener,
  liveSink,
  type ClientEmitter,
  type ClientEvents,
  type ConsentEvent,
  type DroppedEvent,
  type EventSink,
  type GameplayEvent,
  type PausedEvent,
  type QueueEvent,
} from './events.js';
