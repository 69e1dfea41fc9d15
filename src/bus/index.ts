export { createEmitter, guardListener, type ClientEmitter, type ClientEvents, type DroppedEvent, type PausedEvent, type QueueEvent } from './events.js';
