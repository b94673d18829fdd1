/**
 * The landing page's showcase captures, in pixels: scripts/capture-screenshots.ts takes them at this viewport and
 * the page gives its images these dimensions, so nothing shifts while they load.
 */
export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const;
