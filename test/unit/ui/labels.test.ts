import { describe, expect, it } from 'vitest';
import { DEFAULT_LABELS, labelsFor } from '../../../src/ui/labels.js';

describe('labelsFor', () => {
  it('takes the language, then its primary subtag, then English; overrides win', () => {
    expect(labelsFor('ko-KR')).toEqual(DEFAULT_LABELS.ko);
    expect(labelsFor('fr')).toEqual(DEFAULT_LABELS.en);
    expect(labelsFor('ko', { ko: { buy: '사기' } })).toEqual({ ...DEFAULT_LABELS.ko, buy: '사기' });
  });

  it('a language named like an Object property (from the service) gets English, not empty labels', () => {
    for (const language of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(labelsFor(language)).toEqual(DEFAULT_LABELS.en);
    }
  });
});
