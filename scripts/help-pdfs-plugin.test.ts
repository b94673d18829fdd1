import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, createServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../src/server/test/test-app.ts';
import { renderAllHelpPdfs } from './help-pdf.ts';
import { helpPdfs } from './help-pdfs-plugin.ts';

let workDir: string;
let rendered: Map<string, Buffer>;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'matome-help-'));
  await writeFile(
    path.join(workDir, 'index.html'),
    '<!doctype html><title>Matome</title><div id="root"></div>',
  );
  rendered = new Map((await renderAllHelpPdfs()).map(({ fileName, pdf }) => [fileName, pdf]));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

describe('help PDFs in a production build', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    const outDir = path.join(workDir, 'dist');
    await build({
      configFile: false,
      root: workDir,
      logLevel: 'silent',
      plugins: [helpPdfs()],
      build: { outDir, emptyOutDir: true },
    });
    testApp = await createTestApp({ WEB_DIST_DIR: outDir });
  });
  afterAll(() => testApp.close());

  it('are served by the server at /docs/help_{platform}_{language}.pdf', async () => {
    for (const [fileName, pdf] of rendered) {
      const response = await testApp.app.inject({ method: 'GET', url: `/docs/${fileName}` });
      expect(response.statusCode, fileName).toBe(200);
      expect(response.headers['content-type'], fileName).toBe('application/pdf');
      expect(response.rawPayload.equals(pdf), fileName).toBe(true);
    }
  });

  it('are served with a policy that lets the browser’s PDF viewer show them', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/docs/help_slack_jp.pdf' });
    expect(response.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const page = await testApp.app.inject({ method: 'GET', url: '/dashboard' });
    expect(String(page.headers['content-security-policy'])).toContain("object-src 'none'");
  });
});

describe('help PDFs in the dev server', () => {
  it('are rendered from the Markdown on request', async () => {
    const server = await createServer({
      configFile: false,
      root: workDir,
      logLevel: 'silent',
      plugins: [helpPdfs()],
      server: { host: '127.0.0.1', port: 0, strictPort: false, ws: false },
    });
    await server.listen();
    try {
      const base = server.resolvedUrls?.local[0] ?? '';
      const response = await fetch(new URL('docs/help_chatwork_en.pdf', base));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const expected = rendered.get('help_chatwork_en.pdf');
      expect(Buffer.from(await response.arrayBuffer()).equals(expected ?? Buffer.alloc(0))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
