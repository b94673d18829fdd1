import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's directory (where package.json and the migrations are), found from wherever this code runs: its
 * source under src/server, or the server bundle under dist/server that `npm start` runs (docs/decisions/164).
 */
function findProjectRoot(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(directory, 'package.json'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('package.json not found above the server code');
    directory = parent;
  }
  return directory;
}

export const projectRoot = findProjectRoot();
