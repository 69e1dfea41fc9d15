/**
 * The send gate: one answer to "may this tab send now?" for every sender, and the pause the
 * service asked for, heard once.
 */
import { describe, expect, it } from 'vitest';
import { createSendGate, type SendGate } from '../../../src/delivery/index.js';
import { ConsentError, NetworkError, ServiceError } from '../../../src/errors/index.js';

function setUp() {
  const world = { consented: true, online: true, leader: true, confirmed: true, pauses: [] as string[] };
  const gate = createSendGate({
    consented: () => world.consented,
    online: () => world.online,
    leader: () => world.leader,
    confirmLeader: async () => world.confirmed,
    onPause: (error) => void world.pauses.push(error.reason),
  });
  return { world, gate };
}

/** The questions, in the columns' order of {@link ANSWERS}. */
const QUESTIONS = ['refusesBackgroundPass', 'refusesRetry', 'refusesFlush', 'refusesDrain', 'refusesBatch', 'refusesUnloadUpload', 'refusesProbe', 'refusesOffersFetch'] as const;

/**
 * Every combination of the conditions, and what each question answers: `-` when the request may
 * go, else the condition it names first (an error as the condition it says). A question that
 * reads its conditions in another order answers another word on some row.
 */
// prettier-ignore
const ANSWERS: ReadonlyArray<readonly [consented: boolean, online: boolean, paused: boolean, unloading: boolean, answers: string]> = [
  //                          pass       retry  flush   drain  batch      unload  probe   offers
  [true,  true,  false, false, '-          -      -       -      -          -       -       -'],
  [true,  true,  false, true,  'unloading  -      -       -      unloading  -       -       -'],
  [true,  true,  true,  false, 'paused     paused -       paused -          paused  paused  -'],
  [true,  true,  true,  true,  'paused     paused -       paused unloading  paused  paused  -'],
  [true,  false, false, false, 'offline    -      offline -      -          offline offline offline'],
  [true,  false, false, true,  'offline    -      offline -      unloading  offline offline offline'],
  [true,  false, true,  false, 'offline    paused offline paused -          offline offline offline'],
  [true,  false, true,  true,  'offline    paused offline paused unloading  offline offline offline'],
  [false, true,  false, false, 'no-consent -      -       -      no-consent -       -       -'],
  [false, true,  false, true,  'no-consent -      -       -      no-consent -       -       -'],
  [false, true,  true,  false, 'no-consent paused -       paused no-consent paused  paused  -'],
  [false, true,  true,  true,  'no-consent paused -       paused no-consent paused  paused  -'],
  [false, false, false, false, 'no-consent -      offline -      no-consent offline offline offline'],
  [false, false, false, true,  'no-consent -      offline -      no-consent offline offline offline'],
  [false, false, true,  false, 'no-consent paused offline paused no-consent offline offline offline'],
  [false, false, true,  true,  'no-consent paused offline paused no-consent offline offline offline'],
];

/** A question's answer as a word: a reason as it is, an error as the condition it names. */
function word(answer: ReturnType<SendGate[(typeof QUESTIONS)[number]]>): string {
  if (answer === undefined) return '-';
  if (typeof answer === 'string') return answer;
  if (answer instanceof ConsentError) return 'no-consent';
  if (answer instanceof ServiceError) return 'paused';
  return answer.message.endsWith('the browser is offline') ? 'offline' : 'unloading';
}

describe('send gate', () => {
  it.each(ANSWERS)('consented %s, online %s, paused %s, unloading %s: each question names its first condition', (consented, online, paused, unloading, answers) => {
    const { world, gate } = setUp();
    Object.assign(world, { consented, online });
    if (paused) gate.pause(new ServiceError('logs', 403, 'Invalid TPClientKey'));
    gate.setUnloading(unloading);
    expect(QUESTIONS.map((question) => word(gate[question]()))).toEqual(answers.split(/\s+/));
  });

  it('refuses with the error the sender fails with', () => {
    const { world, gate } = setUp();
    const pause = new ServiceError('logs', 403, 'Invalid TPClientKey');
    gate.pause(pause);
    expect(gate.refusesDrain()).toBe(pause);
    world.consented = false;
    const consent = gate.refusesBatch();
    expect(consent).toBeInstanceOf(ConsentError);
    expect([(consent as ConsentError).consent, consent?.message]).toEqual(['denied', 'consent was withdrawn, or the data is being erased']);
    world.consented = true;
    gate.setUnloading(true);
    const unloading = gate.refusesBatch();
    expect(unloading).toBeInstanceOf(NetworkError);
    expect([(unloading as NetworkError).endpoint, unloading?.message]).toEqual(['logs', 'logs request did not reach the service: the page is being unloaded']);
    world.online = false;
    const flush = gate.refusesFlush();
    const offers = gate.refusesOffersFetch();
    expect([flush, offers].map((e) => e instanceof NetworkError && [e.endpoint, e.message])).toEqual([
      ['logs', 'logs request did not reach the service: the browser is offline'],
      ['offers', 'offers request did not reach the service: the browser is offline'],
    ]);
  });

  it('tells its state as it is now, for bookkeeping', () => {
    const { world, gate } = setUp();
    expect(gate.state).toEqual({ consented: true, unloading: false, paused: undefined });
    world.consented = false;
    gate.setUnloading(true);
    const pause = new ServiceError('logs', 403, 'Invalid TPClientKey');
    gate.pause(pause);
    expect(gate.state).toEqual({ consented: false, unloading: true, paused: pause });
  });

  it('is open when online, not paused and not unloading; otherwise names the first reason, offline first', () => {
    const { world, gate } = setUp();
    expect(gate.refusesBackgroundPass()).toBeUndefined();
    gate.setUnloading(true);
    expect(gate.refusesBackgroundPass()).toBe('unloading');
    gate.pause(new ServiceError('logs', 403, 'Invalid TPClientKey'));
    expect(gate.refusesBackgroundPass()).toBe('paused');
    world.online = false;
    expect(gate.refusesBackgroundPass()).toBe('offline');
    world.online = true;
    gate.resume();
    gate.setUnloading(false);
    expect(gate.refusesBackgroundPass()).toBeUndefined();
  });

  it('keeps the first pause and says so once, until resumed', () => {
    const { world, gate } = setUp();
    const first = new ServiceError('logs', 403, 'Invalid TPClientKey');
    gate.pause(first);
    gate.pause(new ServiceError('offers', 400, 'Invalid TPAuthMode'));
    expect(gate.state.paused).toBe(first);
    expect(world.pauses).toEqual(['Invalid TPClientKey']);
    gate.resume();
    expect(gate.state.paused).toBeUndefined();
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
