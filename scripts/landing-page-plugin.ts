import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCookie } from 'cookie';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { languages, type Language } from '../src/contract/auth-constants.ts';
import { landingPageFile } from '../src/contract/pages.ts';
import { HTML_LANG, landingVariant } from '../src/server/plugins/page-meta.ts';
import { webAliases } from './web-aliases.ts';

/** The module that renders the landing page, relative to the web root, and the template its HTML goes into. */
const RENDERER = 'app/PrerenderedLanding.tsx';
const TEMPLATE = 'landing.html';
const CONTENT_MARK = '<!--matome:landing-->';

type RenderLanding = (language: Language, signedIn: boolean) => string;

function fill(template: string, language: Language, content: string): string {
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${HTML_LANG[language]}"`)
    .replace(CONTENT_MARK, content);
}

/**
 * Renders the page's React components in Node through an SSR build, whose asset URLs are those of the client build;
 * the files only the landing page uses (its screenshots) are copied into the client's output.
 */
async function loadRenderer(config: ResolvedConfig, clientOutDir: string): Promise<RenderLanding> {
  // Inside the project, so the render's own imports (React, i18next) resolve from its node_modules.
  const outDir = path.join(config.cacheDir, 'matome-landing');
  await build({
    configFile: false,
    root: config.root,
    publicDir: false,
    mode: config.mode,
    logLevel: 'warn',
    resolve: { alias: webAliases },
    // Every library bundled, so their imports of React reach Preact as the app's do.
    ssr: { noExternal: true },
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
    // The dev server renders the page with every library bundled, so their imports of React reach Preact as the
    // app's do; not under Vitest, whose server tests load their libraries as Node does.
    config: (_, { command, mode }) =>
      command === 'serve' && mode !== 'test' ? { ssr: { noExternal: true } } : {},
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
          const { language, signedIn } = landingVariant(
            Object.fromEntries(url.searchParams),
            parseCookie(request.headers.cookie ?? ''),
            request.headers['accept-language'],
          );
          const template = await readFile(path.join(config.root, TEMPLATE), 'utf8');
          const content = renderLanding(language, signedIn);
          const html = await server.transformIndexHtml(url.pathname, fill(template, language, content));
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(html);
        })().catch(next);
      });
    },
  };
}
