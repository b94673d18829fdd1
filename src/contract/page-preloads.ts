/**
 * What the build tells the server about each page served as index.html (docs/decisions/173): the scripts the page's
 * lazy routes load past those index.html names already, and its strings in each language, so the server can name
 * them in the page it sends and the browser fetches them beside the entry. Written by
 * scripts/page-preloads-plugin.ts from the web app's router; read by src/server/plugins/web-app.ts.
 */
export interface PagePreloads {
  pages: Record<
    string,
    {
      /** A page only a signed-in visitor sees; anyone else is sent to sign in, so its scripts would be wasted. */
      signedIn: boolean;
      /** Absolute paths under the build's root, in the order the browser asks for them. */
      scripts: string[];
      /** Style sheets those scripts bring (none today: the app's styles are one sheet that index.html names). */
      styles: string[];
      /** The page's strings, by language (`en`, `jp`). */
      strings: Record<string, string[]>;
    }
  >;
}

/** Where the build writes it, beside Vite's own manifest; the static files plugin does not serve dot-folders. */
export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';
