import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { exportedNames, standInFor, standIns } from './client-only-router-plugin.ts';

const require = createRequire(import.meta.url);
const routerRoot = path.dirname(require.resolve('react-router/package.json'));
const [components, instrumentation] = standIns.map((standIn) =>
  path.join(path.dirname(routerRoot), standIn.path),
);

/** Imports a stand-in's source as a module, its imports pointed at the real React and React Router files. */
async function importStandIn(file: string) {
  const source = standInFor(file)!
    .replace("from 'react'", `from '${pathToFileURL(require.resolve('react')).href}'`)
    .replace("from './utils.js'", `from '${pathToFileURL(path.join(path.dirname(file), 'utils.js')).href}'`);
  return import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
}

const scratch = mkdtempSync(path.join(tmpdir(), 'matome-router-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the client-only React Router build', () => {
  it('stands in for exactly what the installed React Router modules export', () => {
    for (const file of [components!, instrumentation!]) {
      const source = standInFor(file);
      expect(source).not.toBeNull();
      expect(exportedNames(source!)).toEqual(exportedNames(readFileSync(file, 'utf8')));
    }
    expect(standInFor(path.join(routerRoot, 'dist/production/lib/router/router.js'))).toBeNull();
  });

  it('gives a link no prefetching and joins refs, as React Router does outside its framework mode', async () => {
    const module = await importStandIn(components!);
    const original = await import(pathToFileURL(components!).href);
    const seen: unknown[] = [];
    for (const prefetch of ['intent', 'render', 'viewport', 'none']) {
      function Probe() {
        seen.push([module.usePrefetchBehavior(prefetch, {}), original.usePrefetchBehavior(prefetch, {})]);
        return null;
      }
      renderToStaticMarkup(createElement(Probe));
    }
    for (const [standIn, real] of seen as unknown[][]) {
      expect(standIn).toEqual([false, { current: null }, {}]);
      expect(real).toEqual(standIn);
    }

    const objectRef = { current: null as unknown };
    let called: unknown;
    module.mergeRefs(objectRef, (value: unknown) => (called = value), null)('node');
    expect([objectRef.current, called]).toEqual(['node', 'node']);
    expect(() => module.useFrameworkContext()).toThrow(/left out/);
    expect(module.CRITICAL_CSS_DATA_ATTRIBUTE).toBe('data-react-router-critical-css');
  });

  it('answers a navigation that no instrumentation receives anything', async () => {
    const module = await importStandIn(instrumentation!);
    expect(module.consumeInstrumentationClientResultMetaReceiver({})).toBeUndefined();
    expect(() => module.instrumentClientSideRouter({}, [])).toThrow(/left out/);
  });

  it('stops the build when React Router exports something the stand-in does not', () => {
    const moved = path.join(scratch, 'react-router/dist/production/lib/router/instrumentation.js');
    mkdirSync(path.dirname(moved), { recursive: true });
    writeFileSync(moved, 'export { consumeInstrumentationClientResultMetaReceiver, somethingNew };\n');
    expect(() => standInFor(moved)).toThrow(/Check the stand-in against the new React Router/);
  });
});
