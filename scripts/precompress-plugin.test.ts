import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Rollup } from 'vite';
import { expect, it } from 'vitest';
import { precompress } from './precompress-plugin.ts';

it('compresses the files as written (after other plugins finished them), leaving index.html and tiny files alone', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'matome-precompress-'));
  const script = `export const finished = ${JSON.stringify('x'.repeat(2000))};`;
  await writeFile(path.join(dir, 'app.js'), script);
  await writeFile(path.join(dir, 'index.html'), '<!doctype html>'.repeat(100));
  await writeFile(path.join(dir, 'tiny.js'), '1');
  const bundle = Object.fromEntries(
    ['app.js', 'index.html', 'tiny.js'].map((fileName) => [fileName, { fileName }]),
  ) as unknown as Rollup.OutputBundle;

  const hook = precompress().writeBundle as (
    options: Rollup.NormalizedOutputOptions,
    bundle: Rollup.OutputBundle,
  ) => Promise<void>;
  await hook.call({}, { dir } as Rollup.NormalizedOutputOptions, bundle);

  expect((await readdir(dir)).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'index.html', 'tiny.js']);
  expect(brotliDecompressSync(await readFile(path.join(dir, 'app.js.br'))).toString()).toBe(script);
  expect(gunzipSync(await readFile(path.join(dir, 'app.js.gz'))).toString()).toBe(script);
});
