// The strings every screen's frame needs, loaded before the first render (src/web/lib/i18n.ts).
import common from './en/common.json';
import errors from './en/errors.json';
import pages from './en/pages.json';
import ui from './en/ui.json';

export const strings = {
  common,
  errors,
  pages,
  ui,
};
