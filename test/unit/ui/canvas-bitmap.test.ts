import { describe, expect, it } from 'vitest';
import { shownRect } from '../../../src/ui/canvas/bitmap.js';

const style = (objectFit: string, objectPosition = '50% 50%') => ({ objectFit, objectPosition });
/** A 400 × 200 bitmap in a 200 × 200 box. */
const wide = { width: 400, height: 200 };

describe('shownRect', () => {
  it('is the whole box with `fill`, or when the bitmap is empty', () => {
    expect(shownRect(style('fill'), wide, 200, 200)).toEqual([0, 0, 200, 200]);
    expect(shownRect(style('contain'), { width: 0, height: 200 }, 200, 200)).toEqual([0, 0, 200, 200]);
  });

  it('letterboxes with `contain`, centered by default', () => {
    expect(shownRect(style('contain'), wide, 200, 200)).toEqual([0, 50, 200, 100]);
  });

  it('overflows the box with `cover`', () => {
    expect(shownRect(style('cover'), wide, 200, 200)).toEqual([-100, 0, 400, 200]);
  });

  it('keeps the bitmap size with `none`, and with `scale-down` when it fits', () => {
    expect(shownRect(style('none'), { width: 100, height: 50 }, 200, 200)).toEqual([50, 75, 100, 50]);
    expect(shownRect(style('scale-down'), { width: 100, height: 50 }, 200, 200)).toEqual([50, 75, 100, 50]);
    expect(shownRect(style('scale-down'), wide, 200, 200)).toEqual([0, 50, 200, 100]);
  });

  it('places by `object-position`: percentages share the free space, pixels move the bitmap', () => {
    expect(shownRect(style('contain', '0% 100%'), wide, 200, 200)).toEqual([0, 100, 200, 100]);
    expect(shownRect(style('contain', '10px 20px'), wide, 200, 200)).toEqual([10, 20, 200, 100]);
  });
});
