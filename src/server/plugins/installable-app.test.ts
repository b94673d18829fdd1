import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** The files the installable app adds to the build (docs/decisions/158), served as a browser needs them. */
let testApp: TestApp;
beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'matome-pwa-'));
  await mkdir(path.join(dist, 'icons'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Matome</title>');
  await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Matome' }));
  await writeFile(path.join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(path.join(dist, 'assets', 'main-abc123.js'), 'export {};');
  testApp = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => testApp.close());

function directive(policy: string, name: string): string[] | undefined {
  const part = policy.split(';').find((entry) => entry.trim().startsWith(`${name} `));
  return part?.trim().split(/\s+/).slice(1);
}

describe('the installable app', () => {
  it('serves the service worker from the root, as JavaScript the browser asks for again each time', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    // At the root its scope is the whole app without asking for more.
    expect(response.headers['service-worker-allowed']).toBeUndefined();
  });

  it('serves the manifest as application/manifest+json, revalidated each time', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ name: 'Matome' });
  });

  it('keeps icons cached for an hour and hashed assets for good', async () => {
    const icon = await testApp.app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('lets pages load this origin’s worker and manifest, and nothing else, under a policy still strict', async () => {
    for (const url of ['/dashboard', '/login', '/sw.js']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      expect(directive(policy, 'worker-src'), url).toEqual(["'self'"]);
      expect(directive(policy, 'manifest-src'), url).toEqual(["'self'"]);
      expect(directive(policy, 'script-src'), url).toEqual(["'self'"]);
      expect(policy, url).not.toMatch(/unsafe-inline|unsafe-eval|(?:^|\s)\*(?:\s|;|$)/);
    }
  });
});
