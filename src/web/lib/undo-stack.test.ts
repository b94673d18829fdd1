import { describe, expect, it } from 'vitest';
import { createUndoStack } from './undo-stack.ts';

const entry = (label: string) => ({ label, undo: async () => undefined });

describe('createUndoStack', () => {
  it('gives back the newest entry first, and each only once', () => {
    const stack = createUndoStack(10_000);
    stack.push(entry('first'), 0);
    stack.push(entry('second'), 1000);
    expect(stack.takeLatest(2000)?.entry.label).toBe('second');
    expect(stack.takeLatest(2000)?.entry.label).toBe('first');
    expect(stack.takeLatest(2000)).toBeUndefined();
  });

  it('keeps each entry for its own window', () => {
    const stack = createUndoStack(10_000);
    stack.push(entry('first'), 0);
    stack.push(entry('second'), 5000);
    expect(stack.live(10_000).map((stored) => stored.entry.label)).toEqual(['second']);
    expect(stack.takeLatest(15_000)).toBeUndefined();
  });

  it('takes one entry by id, and puts a failed one back in its place', () => {
    const stack = createUndoStack(10_000);
    const first = stack.push(entry('first'), 0);
    stack.push(entry('second'), 1);
    const third = stack.push(entry('third'), 2);
    expect(stack.take(first.id, 3)?.entry.label).toBe('first');
    expect(stack.take(first.id, 3)).toBeUndefined();
    const taken = stack.takeLatest(3)!;
    expect(taken).toBe(third);
    stack.putBack(first);
    stack.putBack(taken);
    expect(stack.live(4).map((stored) => stored.entry.label)).toEqual(['first', 'second', 'third']);
  });
});
