// The strings the landing page and every screen's frame need, loaded before the first render (src/web/lib/i18n.ts).
import common from './jp/common.json';
import errors from './jp/errors.json';
import landing from './jp/landing.json';
import pages from './jp/pages.json';
import ui from './jp/ui.json';

export const strings = {
  common,
  errors,
  landing,
  pages,
  ui,
};
