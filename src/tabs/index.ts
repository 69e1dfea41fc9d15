export { electLeader, soleLeader, LEASE_CHECK_MS, LEASE_MS, type Leadership } from './leader.js';
export { openTabChannel, type TabChannel, type TabMessage, type WireError } from './channel.js';
export { TabCoordinator, type CoordinatorOptions } from './coordinator.js';
