// The attributes the landing page's HTML carries for its one small script (src/web/landing.ts), in a module without
// React so that script stays small.

/** On the button that opens a screenshot viewer: the viewer's id. */
export const VIEWER_OPENER_ATTRIBUTE = 'data-opens-viewer';
/** On the header's language link: the language it switches to. */
export const LANGUAGE_LINK_ATTRIBUTE = 'data-switches-language';
