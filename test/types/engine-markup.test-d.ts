/**
 * toEngineMarkup's return type follows its target: a string of markup, or the lines of spans.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { toEngineMarkup, type EngineMarkupTarget, type Line } from '../../src/index.js';

describe('toEngineMarkup', () => {
  it('returns a string for a markup target and the lines for spans', () => {
    expectTypeOf(toEngineMarkup('x', 'tmp')).toEqualTypeOf<string>();
    expectTypeOf(toEngineMarkup('x', 'bbcode-godot')).toEqualTypeOf<string>();
    expectTypeOf(toEngineMarkup('x', 'bbcode-construct')).toEqualTypeOf<string>();
    expectTypeOf(toEngineMarkup('x', 'spans')).toEqualTypeOf<readonly Line[]>();
    const target = 'tmp' as EngineMarkupTarget;
    expectTypeOf(toEngineMarkup('x', target)).toEqualTypeOf<string | readonly Line[]>();
  });

  it('refuses an unknown target and a message that is not a string', () => {
    // @ts-expect-error not a target
    toEngineMarkup('x', 'html');
    // @ts-expect-error not a string
    toEngineMarkup(1, 'tmp');
  });
});
