/**
 * Automatic refresh when the player comes back to the page (happy-dom: `visibilitychange`), at
 * most once per `minIntervalMs`; and never without the option.
 */
import { describe, expect, it } from 'vitest';
import { createClient, type ClientOptions } from '../../../src/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

function setup(options: Partial<ClientOptions>) {
  const gets: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    if ((init?.method ?? 'GET') === 'GET') gets.push(String(input));
    return okEnvelope([offerRecord(1, personalizedBody)]);
  };
  const tp = createClient({ ...memoryClientOptions(fetchImpl), ...options });
  const comeBack = async (): Promise<void> => {
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 10));
  };
  return { tp, gets, comeBack };
}

describe('offersAutoRefresh', () => {
  it('onVisible: the player coming back refreshes offers, at most once per minIntervalMs', async () => {
    let now = Date.UTC(2026, 0, 1);
    const { tp, gets, comeBack } = setup({ offersAutoRefresh: { onVisible: true, minIntervalMs: 60_000 }, now: () => now });
    expect(document.visibilityState).toBe('visible');
    await comeBack();
    expect(gets).toHaveLength(1);
    expect(tp.offers.list().map((x) => x.state)).toEqual(['impressed']);
    now += 30_000;
    await comeBack();
    expect(gets).toHaveLength(1);
    now += 30_000;
    await comeBack();
    expect(gets).toHaveLength(2);
    await tp.shutdown();
  });

  it('the interval is measured on the device clock: learning that the device is 2 h ahead does not stop refreshes for 2 h', async () => {
    let now = Date.UTC(2026, 0, 1);
    const gets: number[] = [];
    const fetchImpl: typeof fetch = async (_input, init) => {
      if ((init?.method ?? 'GET') === 'GET') gets.push(now);
      const response = okEnvelope([offerRecord(1, personalizedBody)]);
      response.headers.set('Date', new Date(now - 2 * 3_600_000).toUTCString()); // the service's time
      return response;
    };
    const tp = createClient({ ...memoryClientOptions(fetchImpl), now: () => now, offersAutoRefresh: { onStart: true, onVisible: true, minIntervalMs: 300_000 } });
    await expect.poll(() => tp.offers.list().map((x) => x.state)).toEqual(['impressed']); // onStart, before any answer
    expect(gets).toHaveLength(1);
    now += 30 * 60_000;
    document.dispatchEvent(new Event('visibilitychange'));
    await expect.poll(() => gets.length).toBe(2);
    await tp.shutdown();
  });

  it('is off by default', async () => {
    const { tp, gets, comeBack } = setup({});
    await comeBack();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(gets).toEqual([]);
    await tp.shutdown();
  });
});
