// The strings the landing page and every screen's frame need, loaded before the first render (src/web/lib/i18n.ts).
import common from './en/common.json';
import errors from './en/errors.json';
import landing from './en/landing.json';
import pages from './en/pages.json';
import ui from './en/ui.json';

export const strings = {
  common,
  errors,
  landing,
  pages,
  ui,
};
