import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { densityKey, readDensity, useDensity } from './use-density.ts';

describe('list density per user on this device', () => {
  beforeEach(() => window.localStorage.clear());

  it('is comfortable until chosen, and without a signed-in user', () => {
    expect(readDensity('user-1')).toBe('comfortable');
    expect(readDensity(undefined)).toBe('comfortable');
    const { result } = renderHook(() => useDensity('user-1'));
    expect(result.current[0]).toBe('comfortable');
  });

  it('remembers the choice and restores it on the next visit', () => {
    const first = renderHook(() => useDensity('user-1'));
    act(() => first.result.current[1]('compact'));
    expect(first.result.current[0]).toBe('compact');
    expect(window.localStorage.getItem(densityKey('user-1'))).toBe('compact');
    first.unmount();

    const again = renderHook(() => useDensity('user-1'));
    expect(again.result.current[0]).toBe('compact');
  });

  it('keeps two users on one device apart, also when the user changes under a mounted list', () => {
    const { result, rerender } = renderHook(({ userId }) => useDensity(userId), {
      initialProps: { userId: 'user-1' as string | undefined },
    });
    act(() => result.current[1]('compact'));
    rerender({ userId: 'user-2' });
    expect(result.current[0]).toBe('comfortable');
    act(() => result.current[1]('comfortable'));
    rerender({ userId: 'user-1' });
    expect(result.current[0]).toBe('compact');
    expect(readDensity('user-2')).toBe('comfortable');
  });

  it('ignores a stored value it does not know', () => {
    window.localStorage.setItem(densityKey('user-1'), 'tiny');
    expect(readDensity('user-1')).toBe('comfortable');
  });
});
