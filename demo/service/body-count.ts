/**
 * A cheap count of what a POST /logs body holds, taken on its bytes as they arrive (after gunzip),
 * before `JSON.parse` builds anything: how many records, and about how many JSON values. Parsing a
 * body costs about its number of values (5 MiB of `{},` is 1.7 million objects: a third of a
 * second in `JSON.parse` alone), so a body over either bound is refused before it is parsed.
 *
 * It reads structure only (strings, brackets, commas); `JSON.parse` still judges the text, so a body
 * that is not JSON may be counted wrong, and is refused either way.
 */

/** Which bound a body passed. */
export type CountExceeded = 'records' | 'values';

/** What each byte is outside strings: a table, so that runs of white space or digits cost little. */
const WHITE = 0;
const OTHER = 1;
const QUOTE = 2;
const OPEN_OBJECT = 3;
const OPEN_ARRAY = 4;
const CLOSE = 5;
const COMMA = 6;
const CLASS = new Uint8Array(256).fill(OTHER);
for (const c of ' \t\n\r') CLASS[c.charCodeAt(0)] = WHITE;
CLASS[0x22] = QUOTE;
CLASS[0x7b] = OPEN_OBJECT;
CLASS[0x5b] = OPEN_ARRAY;
CLASS[0x7d] = CLOSE;
CLASS[0x5d] = CLOSE;
CLASS[0x2c] = COMMA;
const QUOTE_BYTE = 0x22;
const BACKSLASH_BYTE = 0x5c;
const CLOSE_ARRAY_BYTE = 0x5d;

/**
 * Counts, chunk by chunk:
 *
 * - records: items of the arrays that are members of the top-level object
 *   (`{"players_login": [r, r], "players_stages": [r]}` holds 3);
 * - values: every `{`, `[` and `,` outside strings, about one per value (the first item of each
 *   container is not counted, its container is).
 *
 * Chunks may cut anywhere, inside a string or a UTF-8 sequence included (structure bytes are ASCII,
 * and no byte of a multi-byte sequence is).
 */
export class BodyCounter {
  records = 0;
  values = 0;
  #depth = 0;
  #inString = false;
  #escaped = false;
  #topIsObject = false;
  /** At depth 2, inside an array that is a member of the top-level object. */
  #inRecordList = false;
  /** The next byte that is not white space starts a record, unless it closes the list. */
  #recordNext = false;

  constructor(
    private readonly maxRecords: number,
    private readonly maxValues: number,
  ) {}

  /** Counts `chunk`; the bound passed, as soon as one is (the rest is not read), or undefined. */
  add(chunk: Uint8Array): CountExceeded | undefined {
    // Locals, written back at the end: this loop runs once per byte of the body.
    let { records, values } = this;
    let depth = this.#depth;
    let inString = this.#inString;
    let escaped = this.#escaped;
    let recordNext = this.#recordNext;
    let exceeded: CountExceeded | undefined;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH_BYTE) escaped = true;
        else if (byte === QUOTE_BYTE) inString = false;
        continue;
      }
      const kind = CLASS[byte]!;
      if (kind === WHITE) continue;
      if (recordNext) {
        recordNext = false;
        if (byte !== CLOSE_ARRAY_BYTE && ++records > this.maxRecords) {
          exceeded = 'records';
          break;
        }
      }
      if (kind === OTHER) continue;
      if (kind === QUOTE) {
        inString = true;
      } else if (kind === CLOSE) {
        depth -= 1;
      } else {
        if (kind === COMMA) {
          if (depth === 2 && this.#inRecordList) recordNext = true;
        } else {
          depth += 1;
          if (depth === 1) this.#topIsObject = kind === OPEN_OBJECT;
          else if (depth === 2) recordNext = this.#inRecordList = this.#topIsObject && kind === OPEN_ARRAY;
        }
        if (++values > this.maxValues) {
          exceeded = 'values';
          break;
        }
      }
    }
    this.records = records;
    this.values = values;
    this.#depth = depth;
    this.#inString = inString;
    this.#escaped = escaped;
    this.#recordNext = recordNext;
    return exceeded;
  }
}
