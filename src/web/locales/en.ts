// Every string of one language, loaded as one chunk when the page uses that language (src/web/lib/i18n.ts).
import account from './en/account.json';
import auth from './en/auth.json';
import billing from './en/billing.json';
import common from './en/common.json';
import connections from './en/connections.json';
import dashboard from './en/dashboard.json';
import errors from './en/errors.json';
import google from './en/google.json';
import hiding from './en/hiding.json';
import messageText from './en/message-text.json';
import messages from './en/messages.json';
import pages from './en/pages.json';
import reply from './en/reply.json';
import tags from './en/tags.json';
import ui from './en/ui.json';

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
