import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

/**
 * Preloaded (`node --import`) into a server process by tracing.test.ts: records every module the process loads,
 * `import` and `require` alike, and writes their URLs to LOADED_MODULES_FILE as it exits.
 */
const loaded = new Set<string>();
registerHooks({
  load(url, context, nextLoad) {
    loaded.add(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => {
  const file = process.env.LOADED_MODULES_FILE;
  if (file) writeFileSync(file, [...loaded].join('\n'));
});
