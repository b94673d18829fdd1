import { describe, expect, it } from 'vitest';
import { pageCount, pageRange, pageWindow } from './page-window.ts';

describe('pageWindow', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 9, [1, 2, 3, 4, 5]],
    [3, 9, [1, 2, 3, 4, 5]],
    [4, 9, [2, 3, 4, 5, 6]],
    [8, 9, [5, 6, 7, 8, 9]],
    [9, 9, [5, 6, 7, 8, 9]],
    [20, 9, [5, 6, 7, 8, 9]],
  ])('page %i of %i shows %o', (current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected);
  });
});

describe('pageCount and pageRange', () => {
  it('counts at least one page and numbers the items of a page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(180, 20)).toBe(9);
    expect(pageCount(181, 20)).toBe(10);
    expect(pageRange(1, 20, 180)).toEqual({ from: 1, to: 20 });
    expect(pageRange(9, 20, 175)).toEqual({ from: 161, to: 175 });
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });
});
