import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt)$/;

/** The brotli (`.br`) and gzip (`.gz`) forms of a file, at the strongest settings: they are made once per build. */
export async function compressedForms(source: Uint8Array): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz };
}

/**
 * Writes `.br` and `.gz` beside every compressible file of the build, so the server sends compressed bytes without
 * compressing on each request (docs/decisions/096). It reads the files as written, after every other plugin has
 * finished them. index.html is left out: the server fills in a nonce per page.
 */
export function precompress(): Plugin {
  return {
    name: 'matome-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      const files = Object.keys(bundle).filter(
        (fileName) => COMPRESSIBLE.test(fileName) && fileName !== 'index.html',
      );
      await Promise.all(
        files.map(async (fileName) => {
          const filePath = path.join(outDir, fileName);
          const source = await readFile(filePath);
          const forms = await compressedForms(source);
          for (const [extension, bytes] of Object.entries(forms)) {
            if (bytes.byteLength < source.byteLength) await writeFile(`${filePath}.${extension}`, bytes);
          }
        }),
      );
    },
  };
}
