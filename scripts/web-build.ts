import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist', 'web', 'index.html');
const sources = [
  'src/web',
  'src/contract',
  'docs/help',
  'scripts/help-pdf.ts',
  'scripts/help-pdfs-plugin.ts',
  'scripts/precompress-plugin.ts',
  'scripts/landing-page-plugin.ts',
  'scripts/page-preloads-plugin.ts',
  'src/server/plugins/page-meta.ts',
  'vite.config.ts',
  'package-lock.json',
].map((part) => path.join(root, part));

/** The newest modification time in a file or directory tree (the build scripts' test of whether a build is stale). */
export function newestModification(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(entry).map((name) => newestModification(path.join(entry, name))),
  );
}

/** Builds the web app when there is no build yet or a source file changed since the last one. */
export function ensureWebBuild(): void {
  if (existsSync(builtIndex)) {
    const builtAt = statSync(builtIndex).mtimeMs;
    if (sources.every((source) => !existsSync(source) || newestModification(source) <= builtAt)) return;
  }
  console.warn('Building the web app…');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('The web build failed.');
}
