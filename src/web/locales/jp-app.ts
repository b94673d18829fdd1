// The strings of the signed-in screens, loaded with the first of them (src/web/app/lazy-page.ts); the account
// page's own settings are a part of their own (jp-account.ts, decision 168).
import awaiting from './jp/awaiting.json';
import connections from './jp/connections.json';
import dashboard from './jp/dashboard.json';
import google from './jp/google.json';
import hiding from './jp/hiding.json';
import messageText from './jp/message-text.json';
import messages from './jp/messages.json';
import offline from './jp/offline.json';
import reply from './jp/reply.json';
import rules from './jp/rules.json';
import snooze from './jp/snooze.json';
import tags from './jp/tags.json';
import triage from './jp/triage.json';
import userMenu from './jp/user-menu.json';
import views from './jp/views.json';

export const strings = {
  awaiting,
  connections,
  dashboard,
  google,
  hiding,
  messages,
  messageText,
  offline,
  reply,
  rules,
  snooze,
  tags,
  triage,
  userMenu,
  views,
};
