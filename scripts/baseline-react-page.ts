import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

const files = {
  'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Vite + React</title></head>
  <body><div id="root"></div><script type="module" src="/main.jsx"></script></body>
</html>
`,
  'main.jsx': `import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>Vite + React</h1>
      <button onClick={() => setCount((n) => n + 1)}>count is {count}</button>
    </main>
  );
}

createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);
`,
};

/**
 * The baseline for the app shell (issue 26): a default Vite + React 19 page built with the project's own
 * vite and @vitejs/plugin-react and vite's default minification (as ours), its JavaScript gzipped at the strongest
 * level, as the precompress plugin does for the app.
 */
export async function baselineReactPageGzip(): Promise<{ raw: number; gzip: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'matome-baseline-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    // The page resolves react from the project's node_modules, as a fresh `npm create vite` would from its own.
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [react()],
      build: { outDir: path.join(dir, 'dist'), emptyOutDir: true },
    });
    const assets = path.join(dir, 'dist', 'assets');
    let raw = 0;
    let gzip = 0;
    for (const name of readdirSync(assets).filter((file) => file.endsWith('.js'))) {
      const source = readFileSync(path.join(assets, name));
      raw += source.length;
      gzip += gzipSync(source, { level: constants.Z_BEST_COMPRESSION }).length;
    }
    return { raw, gzip };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
