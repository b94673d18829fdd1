import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/**
 * `node scripts/render-icons.ts`: draws the app icons the web app manifest names (docs/decisions/158) from the
 * favicon's shapes in Debian's Chromium, and writes them as PNGs into src/web/public/icons, where they are
 * committed. Run it again after changing the logo.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'src/web/public/icons');
const BRAND = '#4f46e5';
/** The favicon's inbox tray, drawn in a 32-unit box. */
const TRAY =
  'M8 17h4.5l1.5 3h4l1.5-3H24M8 17l2.7-7.2A2 2 0 0 1 12.6 8.5h6.8a2 2 0 0 1 1.9 1.3L24 17v5a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2z';

/** A rounded tile on a transparent ground, as the favicon; or a full square with the tray inside the safe circle. */
function iconSvg(maskable: boolean): string {
  const tile = maskable
    ? `<rect width="32" height="32" fill="${BRAND}"/>`
    : `<rect width="32" height="32" rx="7" fill="${BRAND}"/>`;
  // A maskable icon may be cut to a circle of 80 % of its width: the tray shrinks to stay well inside it.
  const tray = `<path d="${TRAY}" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`;
  const placed = maskable
    ? `<g transform="translate(16 16) scale(0.72) translate(-16 -16)">${tray}</g>`
    : tray;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${tile}${placed}</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${iconSvg(maskable).replace(
        '<svg ',
        `<svg width="${size}" height="${size}" `,
      )}</body></html>`,
    );
    await page.screenshot({ path: path.join(outDir, file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
console.warn(`Wrote ${icons.length} icons to ${path.relative(root, outDir)}`);
