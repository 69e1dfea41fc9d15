/**
 * Tabs of one game in one browser: which tab uploads (the IndexedDB lease), and the channel the
 * others use to hand it their work. The only door other domains use into tabs/.
 *
 * @module
 */
export { electLeader, soleLeader, type Leadership } from './leader.js';
export { openTabChannel, type TabChannel } from './channel.js';
export { TabCoordinator } from './coordinator.js';
