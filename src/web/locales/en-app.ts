// The strings of the signed-in screens, loaded with the first of them (src/web/app/lazy-page.ts).
import account from './en/account.json';
import awaiting from './en/awaiting.json';
import connections from './en/connections.json';
import dashboard from './en/dashboard.json';
import digest from './en/digest.json';
import google from './en/google.json';
import hiding from './en/hiding.json';
import messageText from './en/message-text.json';
import messages from './en/messages.json';
import notifications from './en/notifications.json';
import offline from './en/offline.json';
import reply from './en/reply.json';
import rules from './en/rules.json';
import snooze from './en/snooze.json';
import tags from './en/tags.json';
import triage from './en/triage.json';
import views from './en/views.json';

export const strings = {
  account,
  awaiting,
  connections,
  dashboard,
  digest,
  google,
  hiding,
  messages,
  messageText,
  notifications,
  offline,
  reply,
  rules,
  snooze,
  tags,
  triage,
  views,
};
