import type { Plugin } from 'vite';
import {
  helpLanguages,
  helpPlatforms,
  helpSourcePath,
  renderAllHelpPdfs,
  renderHelpPdf,
  type HelpLanguage,
  type HelpPlatform,
} from './help-pdf.ts';
import { readFile } from 'node:fs/promises';

/** Where the guides are served: `/docs/help_{platform}_{language}.pdf` (SPEC §2). */
export const HELP_PDF_DIR = 'docs';
const helpPdfPath = new RegExp(
  `^/${HELP_PDF_DIR}/help_(${helpPlatforms.join('|')})_(${helpLanguages.join('|')})\\.pdf(?:\\?.*)?$`,
);

/**
 * Renders the help guides (docs/help/*.md) into PDFs: emitted into every production build, so the server serves them
 * from dist/web, and rendered on request by the dev server, so an edited guide shows on the next reload.
 */
export function helpPdfs(): Plugin {
  return {
    name: 'matome-help-pdfs',
    buildStart() {
      for (const platform of helpPlatforms) {
        for (const language of helpLanguages) this.addWatchFile(helpSourcePath(platform, language));
      }
    },
    async generateBundle() {
      for (const { fileName, pdf } of await renderAllHelpPdfs()) {
        this.emitFile({ type: 'asset', fileName: `${HELP_PDF_DIR}/${fileName}`, source: pdf });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = helpPdfPath.exec(request.url ?? '');
        if (!match) return next();
        const [, platform, language] = match as unknown as [string, HelpPlatform, HelpLanguage];
        readFile(helpSourcePath(platform, language), 'utf8')
          .then((markdown) => renderHelpPdf(markdown, language))
          .then((pdf) => {
            response.setHeader('content-type', 'application/pdf');
            response.setHeader('cache-control', 'no-cache');
            response.end(pdf);
          })
          .catch(next);
      });
    },
  };
}
