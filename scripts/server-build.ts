import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { newestModification } from './web-build.ts';

/**
 * The server bundle `npm start` runs (docs/decisions/164): the server's and the worker's TypeScript and drizzle-orm
 * in one ES module each (shared code in chunks), every other package left to Node. Run from its sources, Node strips
 * the types of some 250 files at each start and, for each of drizzle-orm's ~110 modules, parses its 180 kB
 * package.json again: together about half a second and a hundred and fifty MiB of garbage before the first answer.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
export const serverBundleDir = path.join(root, 'dist', 'server');
const entries = { server: 'src/server/server.ts', worker: 'src/server/worker.ts' } as const;
const sources = ['src/server', 'src/contract', 'package-lock.json', 'scripts/server-build.ts'].map((part) =>
  path.join(root, part),
);
/** Packages compiled into the bundle rather than imported from node_modules at run time. */
const INLINED_PACKAGES = ['drizzle-orm'];

/** Leaves every package but the inlined ones to Node's own resolution at run time. */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      INLINED_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`))
        ? undefined
        : { path: specifier, external: true },
    );
  },
};

/**
 * In the bundle, `import.meta.url` is the bundle's own address, not the source file's: a path worked out from it
 * would point elsewhere. Sources find the project's files through `src/server/lib/project-root.ts` instead.
 */
const noPathsFromModuleUrl: Plugin = {
  name: 'no-paths-from-module-url',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, ({ path: file }) => {
      if (file.endsWith(path.join('lib', 'project-root.ts'))) return undefined;
      if (/new URL\([^)]*import\.meta\.url/.test(readFileSync(file, 'utf8'))) {
        return {
          errors: [{ text: 'a path from import.meta.url; use projectRoot (src/server/lib/project-root.ts)' }],
        };
      }
      return undefined;
    });
  },
};

export async function buildServer(): Promise<void> {
  rmSync(serverBundleDir, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(entries).map(([name, file]) => [name, path.join(root, file)]),
    ),
    outdir: serverBundleDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    // Stack traces name the sources when Node runs with --enable-source-maps.
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [packagesOutside, noPathsFromModuleUrl],
  });
}

function bundleOf(name: keyof typeof entries): string {
  return path.join(serverBundleDir, `${name}.js`);
}

/** Builds the server bundle when there is none yet or a source file changed since; answers its entry's URL. */
export async function ensureServerBuild(name: keyof typeof entries): Promise<string> {
  const bundle = bundleOf(name);
  const builtAt = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  if (builtAt === 0 || sources.some((source) => existsSync(source) && newestModification(source) > builtAt)) {
    await buildServer();
  }
  return pathToFileURL(bundle).href;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
