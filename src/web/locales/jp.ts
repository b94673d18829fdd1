// Every string of one language, loaded as one chunk when the page uses that language (src/web/lib/i18n.ts).
import account from './jp/account.json';
import auth from './jp/auth.json';
import billing from './jp/billing.json';
import common from './jp/common.json';
import connections from './jp/connections.json';
import dashboard from './jp/dashboard.json';
import errors from './jp/errors.json';
import google from './jp/google.json';
import hiding from './jp/hiding.json';
import messageText from './jp/message-text.json';
import messages from './jp/messages.json';
import pages from './jp/pages.json';
import reply from './jp/reply.json';
import tags from './jp/tags.json';
import ui from './jp/ui.json';

export const strings = {
  common,
  account,
  auth,
  billing,
  connections,
  dashboard,
  errors,
  google,
  hiding,
  messages,
  messageText,
  pages,
  reply,
  tags,
  ui,
};
