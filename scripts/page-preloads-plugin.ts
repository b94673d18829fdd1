import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst, type Plugin, type Rolldown } from 'vite';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../src/contract/page-preloads.ts';

type Node = { type: string; [key: string]: unknown };
type Language = 'en' | 'jp';
const LANGUAGES: Language[] = ['en', 'jp'];

/** What a page's lazy routes load, read from the router: its modules, its strings, and whether it needs a session. */
export interface PageRoute {
  path: string;
  /** Absolute paths of the modules its lazy routes import. */
  modules: string[];
  /** The string parts (`frame`, `app`, …) its screen asks for. */
  stringParts: string[];
  signedIn: boolean;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const each of node) walk(each, visit);
    return;
  }
  if (!isNode(node)) return;
  visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && typeof value === 'object') walk(value, visit);
  }
}

function property(object: Node, name: string): Node | undefined {
  const properties = object.properties as Node[];
  const found = properties.find(
    (each) => each.type === 'Property' && (each.key as Node & { name?: string }).name === name,
  );
  return found?.value as Node | undefined;
}

/** A route's `...lazyPage(...)`: the screen in a chunk of its own it is, if any (decision 183). */
function lazyPageCall(route: Node, file: string): Node | undefined {
  for (const each of route.properties as Node[]) {
    if (each.type === 'Property' && (each.key as Node & { name?: string }).name === 'lazy')
      throw new Error(`page preloads: a route in ${file} uses React Router's lazy, not lazyPage`);
    if (each.type !== 'SpreadElement') continue;
    const call = each.argument as Node;
    if (call.type !== 'CallExpression' || (call.callee as Node & { name?: string }).name !== 'lazyPage')
      throw new Error(`page preloads: a route in ${file} spreads something other than lazyPage(...)`);
    return call;
  }
  return undefined;
}

function stringValue(node: Node | undefined): string | undefined {
  return node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
}

function parse(file: string): Node {
  return parseAst(readFileSync(file, 'utf8'), { lang: file.endsWith('x') ? 'tsx' : 'ts' }) as unknown as Node;
}

function topLevelInit(program: Node, name: string, file: string): Node {
  let found: Node | undefined;
  walk(program.body, (node) => {
    if (node.type === 'VariableDeclarator' && (node.id as Node & { name?: string }).name === name) {
      found ??= node.init as Node;
    }
  });
  if (!found) throw new Error(`page preloads: no "${name}" in ${file}`);
  return found;
}

/** The modules a piece of code imports dynamically, resolved from the file it is in. */
function dynamicImports(node: unknown, file: string): string[] {
  const modules: string[] = [];
  walk(node, (each) => {
    if (each.type !== 'ImportExpression') return;
    const source = stringValue(each.source as Node);
    if (!source) throw new Error(`page preloads: an import() in ${file} names no fixed module`);
    modules.push(path.resolve(path.dirname(file), source));
  });
  return modules;
}

/**
 * The web app's facts the preloads are made of, read from its own sources (the single place each is written): the
 * router's routes (`app/router.tsx`), what `lazyPage` loads beside a screen (`app/lazy-page.ts`: the query cache's
 * module, and the default strings), and the strings' parts (`lib/i18n.ts`). A change of shape there stops the
 * build rather than leaving a page without its preloads.
 */
export function readPageRoutes(webRoot: string): {
  pages: PageRoute[];
  stringModules: Record<string, Record<Language, string>>;
} {
  const routerFile = path.join(webRoot, 'app/router.tsx');
  const lazyPageFile = path.join(webRoot, 'app/lazy-page.ts');
  const i18nFile = path.join(webRoot, 'lib/i18n.ts');

  const lazyPageProgram = parse(lazyPageFile);
  const withEveryLazyPage = dynamicImports(lazyPageProgram, lazyPageFile);
  let foundDefault: string | undefined;
  walk(lazyPageProgram, (node) => {
    if (node.type !== 'FunctionDeclaration' || (node.id as Node & { name?: string }).name !== 'lazyPage')
      return;
    for (const parameter of node.params as Node[]) {
      if (parameter.type === 'AssignmentPattern') foundDefault ??= stringValue(parameter.right as Node);
    }
  });
  const defaultStrings = foundDefault;
  if (!defaultStrings)
    throw new Error(`page preloads: lazyPage's default strings not found in ${lazyPageFile}`);

  const i18nProgram = parse(i18nFile);
  const stringModules: Record<string, Record<Language, string>> = {};
  for (const part of topLevelInit(i18nProgram, 'stringLoaders', i18nFile).properties as Node[]) {
    const name = (part.key as Node & { name: string }).name;
    const byLanguage = {} as Record<Language, string>;
    for (const language of LANGUAGES) {
      const [module] = dynamicImports(property(part.value as Node, language), i18nFile);
      if (!module) throw new Error(`page preloads: no ${language} strings for "${name}" in ${i18nFile}`);
      byLanguage[language] = module;
    }
    stringModules[name] = byLanguage;
  }
  const partsOf: Record<string, string[]> = {};
  for (const screen of topLevelInit(i18nProgram, 'partsOf', i18nFile).properties as Node[]) {
    const name = (screen.key as Node & { name: string }).name;
    partsOf[name] = ((screen.value as Node).elements as Node[]).map((each) => stringValue(each)!);
  }

  const routerProgram = parse(routerFile);
  const pages: PageRoute[] = [];
  const visitRoutes = (
    list: Node,
    parent: { path: string; modules: string[]; stringParts: string[]; signedIn: boolean },
  ) => {
    for (const route of list.elements as Node[]) {
      if (route.type !== 'ObjectExpression')
        throw new Error(`page preloads: a route in ${routerFile} is not written out`);
      const segment = stringValue(property(route, 'path'));
      const routePath =
        segment === undefined
          ? parent.path
          : segment.startsWith('/')
            ? segment
            : `${parent.path.replace(/\/$/, '')}/${segment}`;
      const element = property(route, 'element');
      const opening = element?.type === 'JSXElement' ? (element.openingElement as Node) : undefined;
      const elementName = opening ? (opening.name as Node & { name?: string }).name : undefined;
      const lazy = lazyPageCall(route, routerFile);
      const modules = [...parent.modules];
      const stringParts = [...parent.stringParts];
      if (lazy) {
        modules.push(...dynamicImports(lazy, routerFile));
        modules.push(...withEveryLazyPage);
        const screen = stringValue((lazy.arguments as Node[])[2]) ?? defaultStrings;
        const parts = partsOf[screen];
        if (!parts) throw new Error(`page preloads: unknown strings "${screen}" in ${routerFile}`);
        stringParts.push(...parts);
      }
      const here = {
        path: routePath,
        modules,
        stringParts,
        signedIn: parent.signedIn || elementName === 'ProtectedRoute',
      };
      const children = property(route, 'children');
      if (children) visitRoutes(children, here);
      else if (lazy && segment !== undefined && segment !== '*') {
        pages.push({ ...here, modules: [...new Set(modules)], stringParts: [...new Set(stringParts)] });
      }
    }
  };
  visitRoutes(topLevelInit(routerProgram, 'routes', routerFile), {
    path: '/',
    modules: [],
    stringParts: ['frame'],
    signedIn: false,
  });
  if (pages.length === 0)
    throw new Error(`page preloads: no screen in a chunk of its own found in ${routerFile}`);
  return { pages, stringModules };
}

function chunkOf(bundle: Rolldown.OutputBundle, moduleId: string): Rolldown.OutputChunk {
  const chunks = Object.values(bundle).filter((each): each is Rolldown.OutputChunk => each.type === 'chunk');
  const found =
    chunks.find((chunk) => chunk.facadeModuleId === moduleId) ??
    chunks.find((chunk) => chunk.moduleIds.includes(moduleId));
  if (!found) throw new Error(`page preloads: no chunk holds ${moduleId}`);
  return found;
}

/**
 * A chunk's file and every chunk it imports statically, in the order the browser would ask for them, with the
 * style sheets Vite loads beside them.
 */
function withStaticImports(
  bundle: Rolldown.OutputBundle,
  chunk: Rolldown.OutputChunk,
  into: Set<string>,
): void {
  if (into.has(chunk.fileName)) return;
  into.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') withStaticImports(bundle, next, into);
  }
}

/**
 * Writes `.vite/page-preloads.json`: for each page path the server answers with index.html, the scripts its lazy
 * routes load (the route modules, what they import, the query cache, its strings in each language) past those
 * index.html already names. The server puts them in the page as `modulepreload` links (docs/decisions/173), so the
 * browser fetches them beside the entry rather than after the entry has arrived and run.
 */
export function pagePreloads(webRoot: string): Plugin {
  return {
    name: 'matome-page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find(
        (each): each is Rolldown.OutputChunk =>
          each.type === 'chunk' && each.isEntry && each.facadeModuleId === path.join(webRoot, 'index.html'),
      );
      // The service worker's own build has no page to preload for.
      if (!entry) return;
      const inIndexHtml = new Set<string>();
      withStaticImports(bundle, entry, inIndexHtml);
      const { pages, stringModules } = readPageRoutes(webRoot);
      const files = (modules: string[]) => {
        const found = new Set<string>();
        for (const module of modules) withStaticImports(bundle, chunkOf(bundle, module), found);
        return [...found].filter((file) => !inIndexHtml.has(file)).map((file) => `/${file}`);
      };
      const preloads: PagePreloads = { pages: {} };
      for (const page of pages) {
        const all = files(page.modules);
        const scripts = all.filter((file) => !file.endsWith('.css'));
        const styles = all.filter((file) => file.endsWith('.css'));
        const strings = Object.fromEntries(
          LANGUAGES.map((language) => [
            language,
            files(page.stringParts.map((part) => stringModules[part]![language])).filter(
              (file) => !scripts.includes(file),
            ),
          ]),
        ) as Record<Language, string[]>;
        preloads.pages[page.path] = { signedIn: page.signedIn, scripts, styles, strings };
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
