import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * React Router ships one build for its framework mode (server rendering, route modules) and for a data router made
 * in the browser, as this app's is (`createBrowserRouter`, docs/decisions/168). Two of its modules hold code only
 * the framework mode can run, which the browser build would otherwise carry on every page:
 *
 * - `lib/dom/ssr/components.js`: `<Link>` prefetches route modules and data through `usePrefetchBehavior` and
 *   `<PrefetchPageLinks>` only inside the framework's context (`FrameworkContext`), which nothing here provides;
 *   `<ScrollRestoration>` renders its server script only inside it too. Without it `<Link>` gets no prefetching
 *   (`[false, ref, {}]`), as the original answers without that context.
 * - `lib/router/instrumentation.js`: the router calls it only for `instrumentations`, which this app does not
 *   pass; each navigation asks it for a receiver, and there is none.
 *
 * The stand-ins keep what runs without the framework (the context object, `mergeRefs`) and make the rest throw if
 * it is ever reached. The build stops when a module no longer exports what its stand-in does, so a React Router
 * upgrade that moves things is noticed at build time.
 */

const FRAMEWORK_ONLY = `const frameworkOnly = (name) => () => {
  throw new Error(\`\${name} is left out of this app's build of React Router (scripts/client-only-router-plugin.ts)\`);
};`;

interface StandIn {
  /** How the module's id ends. */
  path: string;
  /** The stand-in's source, from the original module's. */
  source: (original: string) => string;
  exports: string[];
}

/** The text between `start` and the end of the declaration it begins, from the original (so values stay its own). */
function declarationOf(original: string, start: string, end: string): string {
  const from = original.indexOf(start);
  const to = from < 0 ? -1 : original.indexOf(end, from);
  if (to < 0) throw new Error(`React Router's module no longer holds \`${start}\``);
  return original.slice(from, to + end.length);
}

export const standIns: StandIn[] = [
  {
    path: '/react-router/dist/production/lib/dom/ssr/components.js',
    exports: [
      'CRITICAL_CSS_DATA_ATTRIBUTE',
      'FrameworkContext',
      'Links',
      'Meta',
      'PrefetchPageLinks',
      'Scripts',
      'mergeRefs',
      'setIsHydrated',
      'useFrameworkContext',
      'usePrefetchBehavior',
    ],
    source: (original) => `import * as React from 'react';
${FRAMEWORK_ONLY}
${declarationOf(original, 'const CRITICAL_CSS_DATA_ATTRIBUTE =', ';')}
const FrameworkContext = React.createContext(void 0);
FrameworkContext.displayName = 'FrameworkContext';
const useFrameworkContext = frameworkOnly('useFrameworkContext');
const Links = frameworkOnly('<Links>');
const Meta = frameworkOnly('<Meta>');
const Scripts = frameworkOnly('<Scripts>');
const PrefetchPageLinks = frameworkOnly('<PrefetchPageLinks>');
const setIsHydrated = frameworkOnly('setIsHydrated');
function usePrefetchBehavior() {
  const ref = React.useRef(null);
  return [false, ref, {}];
}
${declarationOf(original, 'function mergeRefs(', '\n}')}
export { CRITICAL_CSS_DATA_ATTRIBUTE, FrameworkContext, Links, Meta, PrefetchPageLinks, Scripts, mergeRefs, setIsHydrated, useFrameworkContext, usePrefetchBehavior };
`,
  },
  {
    path: '/react-router/dist/production/lib/router/instrumentation.js',
    exports: [
      'consumeInstrumentationClientResultMetaReceiver',
      'getRouteInstrumentationUpdates',
      'instrumentClientSideRouter',
      'instrumentHandler',
      'instrumentationResultMetaContext',
    ],
    source: () => `import { createContext } from './utils.js';
${FRAMEWORK_ONLY}
const instrumentationResultMetaContext = createContext();
const consumeInstrumentationClientResultMetaReceiver = () => undefined;
const getRouteInstrumentationUpdates = frameworkOnly('instrumentations');
const instrumentClientSideRouter = frameworkOnly('instrumentations');
const instrumentHandler = frameworkOnly('instrumentations');
export { consumeInstrumentationClientResultMetaReceiver, getRouteInstrumentationUpdates, instrumentClientSideRouter, instrumentHandler, instrumentationResultMetaContext };
`,
  },
];

/** The names a module's closing `export { … }` lists, sorted. */
export function exportedNames(source: string): string[] {
  const lists = [...source.matchAll(/^export \{([^}]*)\};?\s*$/gm)];
  return lists
    .flatMap((list) => list[1]!.split(','))
    .map((name) => name.trim())
    .filter(Boolean)
    .sort();
}

/** The stand-in's source for a module id, or null when the module is not one of them. */
export function standInFor(id: string): string | null {
  const standIn = standIns.find((each) => id.endsWith(each.path));
  if (!standIn) return null;
  const original = readFileSync(id, 'utf8');
  const expected = [...standIn.exports].sort();
  const actual = exportedNames(original);
  if (actual.join() !== expected.join()) {
    throw new Error(
      `${id} exports ${actual.join(', ')}; its stand-in in scripts/client-only-router-plugin.ts exports ` +
        `${expected.join(', ')}. Check the stand-in against the new React Router.`,
    );
  }
  const source = standIn.source(original);
  if (exportedNames(source).join() !== expected.join())
    throw new Error(`The stand-in for ${id} does not export what it declares`);
  return source;
}

/** The app's browser build: React Router without the framework mode's code (see above). */
export function clientOnlyRouter(): Plugin {
  return {
    name: 'matome-client-only-router',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return standInFor(id.split('?')[0]!);
    },
  };
}
