import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import {
  LANGUAGE_COOKIE,
  languages,
  SESSION_HINT_COOKIE,
  type Language,
} from '../src/contract/auth-constants.ts';
import { landingPageFile } from '../src/contract/pages.ts';
import { pageLanguage } from '../src/server/plugins/page-meta.ts';

/** The module that renders the landing page, relative to the web root, and the template its HTML goes into. */
const RENDERER = 'app/PrerenderedLanding.tsx';
const TEMPLATE = 'landing.html';
const CONTENT_MARK = '<!--matome:landing-->';
const HTML_LANG = { en: 'en', jp: 'ja' } as const;

type RenderLanding = (language: Language, signedIn: boolean) => string;

function fill(template: string, language: Language, content: string): string {
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${HTML_LANG[language]}"`)
    .replace(CONTENT_MARK, content);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  return header
    ?.split(';')
    .map((pair) => pair.trim().split('='))
    .find(([key]) => key === name)?.[1];
}

/**
 * Renders the page's React components in Node through an SSR build, whose asset URLs are those of the client build;
 * the files only the landing page uses (its screenshots) are copied into the client's output.
 */
async function loadRenderer(config: ResolvedConfig, clientOutDir: string): Promise<RenderLanding> {
  const outDir = path.join(config.root, '../../node_modules/.cache/matome-landing');
  await build({
    configFile: false,
    root: config.root,
    publicDir: false,
    mode: config.mode,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      ssr: RENDERER,
      outDir,
      emptyOutDir: true,
      ssrEmitAssets: true,
      assetsDir: config.build.assetsDir,
      rolldownOptions: { output: { entryFileNames: 'render-landing.mjs' } },
    },
  });
  await cp(path.join(outDir, config.build.assetsDir), path.join(clientOutDir, config.build.assetsDir), {
    recursive: true,
  });
  const module = (await import(pathToFileURL(path.join(outDir, 'render-landing.mjs')).href)) as {
    renderLanding: RenderLanding;
  };
  return module.renderLanding;
}

/**
 * The landing page as HTML (docs/decisions/138): every production build writes it in each language, with and
 * without a session, from `landing.html` and the page's components; the dev server renders it on each request.
 */
export function landingPage(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'matome-landing-page',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options) {
      if (config.build.ssr) return;
      const outDir = options.dir ?? config.build.outDir;
      const templatePath = path.join(outDir, TEMPLATE);
      const template = await readFile(templatePath, 'utf8');
      const renderLanding = await loadRenderer(config, outDir);
      for (const language of languages) {
        for (const signedIn of [false, true]) {
          const html = fill(template, language, renderLanding(language, signedIn));
          await writeFile(path.join(outDir, landingPageFile(language, signedIn)), html);
        }
      }
      // Only the filled-in pages are ever sent.
      await rm(templatePath);
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        if (request.method !== 'GET' || url.pathname !== '/') return next();
        void (async () => {
          const { renderLanding } = (await server.ssrLoadModule(`/${RENDERER}`)) as {
            renderLanding: RenderLanding;
          };
          const cookies = request.headers.cookie;
          const language = pageLanguage(
            Object.fromEntries(url.searchParams),
            cookieValue(cookies, LANGUAGE_COOKIE),
            request.headers['accept-language'],
          );
          const template = await readFile(path.join(config.root, TEMPLATE), 'utf8');
          const content = renderLanding(language, cookieValue(cookies, SESSION_HINT_COOKIE) !== undefined);
          const html = await server.transformIndexHtml(url.pathname, fill(template, language, content));
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(html);
        })().catch(next);
      });
    },
  };
}
