import { describe, expect, it } from 'vitest';
import { TAG_COLORS } from '../../contract/messages.ts';
import { connectionColor, tintOf } from './connection-color.ts';

describe('connectionColor', () => {
  it('gives a connection the same swatch every time', () => {
    expect(connectionColor('conn-1')).toBe(connectionColor('conn-1'));
  });

  it('spreads connections over all ten swatches', () => {
    const used = new Set(Array.from({ length: 200 }, (_, index) => connectionColor(`connection-${index}`)));
    expect([...used].sort()).toEqual([...TAG_COLORS].sort());
  });

  it('draws the tint with a 20 alpha suffix', () => {
    expect(tintOf('#EF4444')).toBe('#EF444420');
  });
});
