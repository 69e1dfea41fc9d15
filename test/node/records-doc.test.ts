import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { RECORDS_DOC_PATH, renderRecordsDoc } from '../../scripts/records-doc.js';

it('docs/records.md is what the catalog generates (run `npm run docs:records` after changing the catalog)', () => {
  expect(readFileSync(RECORDS_DOC_PATH, 'utf8')).toBe(renderRecordsDoc());
});
