// The strings of the signed-in screens, loaded with the first of them (src/web/app/lazy-page.ts); the account
// page's own settings are a part of their own (en-account.ts, decision 168).
import awaiting from './en/awaiting.json';
import connections from './en/connections.json';
import dashboard from './en/dashboard.json';
import google from './en/google.json';
import hiding from './en/hiding.json';
import messageText from './en/message-text.json';
import messages from './en/messages.json';
import offline from './en/offline.json';
import reply from './en/reply.json';
import rules from './en/rules.json';
import snooze from './en/snooze.json';
import tags from './en/tags.json';
import triage from './en/triage.json';
import userMenu from './en/user-menu.json';
import views from './en/views.json';

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
