/**
 * The answer policy of POST /logs as a table: what came back for a batch (status, reason, how many
 * records it carried) → what the drain does with it. Every row the uploader tells apart.
 */
import { describe, expect, it } from 'vitest';
import { answerAction } from '../../../src/delivery/answer-policy.js';
import { NetworkError, ProtocolError, ServiceError, StorageError, TpError } from '../../../src/errors/index.js';
import { SERVICE_ROWS } from './answer-rows.js';

describe('answerAction', () => {
  it('delivers a batch the service accepted (no failure)', () => {
    expect(answerAction(undefined, 1)).toBe('deliver');
    expect(answerAction(undefined, 500)).toBe('deliver');
  });

  it.each(SERVICE_ROWS)('%i %s to %i records → %s', (status, reason, records, action) => {
    expect(answerAction({ error: new ServiceError('logs', status, reason) }, records)).toBe(action);
  });

  it('retries a 403 Invalid TPClientKey answering a key replaced while the request was on the wire', () => {
    expect(answerAction({ error: new ServiceError('logs', 403, 'Invalid TPClientKey', undefined, true) }, 5)).toBe('retry');
  });

  it.each([
    ['no answer (NetworkError)', new NetworkError('logs', new TypeError('Failed to fetch'))],
    ['a 200 that is not the envelope (ProtocolError)', new ProtocolError('logs', 'body is not JSON')],
    ['another tab took over (internal TpError)', new TpError('internal', 'another tab has taken over uploading')],
    ['a storage failure', new StorageError('remove', new Error('quota'))],
    ['anything else thrown', new TypeError('x is undefined')],
    ['undefined thrown', undefined],
  ])('keeps the batch queued after %s', (_, error) => {
    expect(answerAction({ error }, 5)).toBe('retry');
    expect(answerAction({ error }, 1)).toBe('retry');
  });
});
