import { describe, expect, it, vi } from 'vitest';

describe('Zod without eval', () => {
  it('makes schemas that parse without compiling code, so the CSP sees no eval', async () => {
    await import('./zod-without-eval.ts');
    const { z } = await import('zod/mini');
    expect(z.config().jitless).toBe(true);
    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ id: z.string(), count: z.number() });
    expect(schema.parse({ id: 'a', count: 1 })).toEqual({ id: 'a', count: 1 });
    expect(schema.parse({ id: 'b', count: 2 })).toEqual({ id: 'b', count: 2 });
    expect(compile).not.toHaveBeenCalled();
  });
});
