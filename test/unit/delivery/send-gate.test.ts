/**
 * The send gate: one answer to "may this tab send now?" for every sender, and the pause the
 * service asked for, heard once.
 */
import { describe, expect, it } from 'vitest';
import { createSendGate } from '../../../src/delivery/index.js';
import { ServiceError } from '../../../src/errors/index.js';

function setUp() {
  const world = { online: true, leader: true, confirmed: true, pauses: [] as string[] };
  const gate = createSendGate({ consented: () => true,
    online: () => world.online,
    leader: () => world.leader,
    confirmLeader: async () => world.confirmed,
    onPause: (error) => void world.pauses.push(error.reason),
  });
  return { world, gate };
}

describe('send gate', () => {
  it('is open when online, not paused and not unloading; otherwise names the first reason, offline first', () => {
    const { world, gate } = setUp();
    expect(gate.closed()).toBeUndefined();
    gate.setUnloading(true);
    expect(gate.closed()).toBe('unloading');
    gate.pause(new ServiceError('logs', 403, 'Invalid TPClientKey'));
    expect(gate.closed()).toBe('paused');
    world.online = false;
    expect(gate.closed()).toBe('offline');
    world.online = true;
    gate.resume();
    gate.setUnloading(false);
    expect(gate.closed()).toBeUndefined();
  });

  it('keeps the first pause and says so once, until resumed', () => {
    const { world, gate } = setUp();
    const first = new ServiceError('logs', 403, 'Invalid TPClientKey');
    gate.pause(first);
    gate.pause(new ServiceError('offers', 400, 'Invalid TPAuthMode'));
    expect(gate.paused).toBe(first);
    expect(world.pauses).toEqual(['Invalid TPClientKey']);
    gate.resume();
    expect(gate.paused).toBeUndefined();
    gate.pause(new ServiceError('offers', 400, 'Invalid TPAuthMode'));
    expect(world.pauses).toEqual(['Invalid TPClientKey', 'Invalid TPAuthMode']);
  });

  it('reads leadership at the moment it is asked', async () => {
    const { world, gate } = setUp();
    expect([gate.leader(), await gate.confirmLeader()]).toEqual([true, true]);
    world.leader = false;
    world.confirmed = false;
    expect([gate.leader(), await gate.confirmLeader()]).toEqual([false, false]);
  });
});
