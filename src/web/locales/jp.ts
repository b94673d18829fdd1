// The strings every screen's frame needs, loaded before the first render (src/web/lib/i18n.ts).
import common from './jp/common.json';
import errors from './jp/errors.json';
import pages from './jp/pages.json';
import ui from './jp/ui.json';

export const strings = {
  common,
  errors,
  pages,
  ui,
};
