// The strings of the signed-in screens, loaded with the first of them (src/web/app/lazy-page.ts).
import account from './jp/account.json';
import awaiting from './jp/awaiting.json';
import connections from './jp/connections.json';
import dashboard from './jp/dashboard.json';
import digest from './jp/digest.json';
import google from './jp/google.json';
import hiding from './jp/hiding.json';
import messageText from './jp/message-text.json';
import messages from './jp/messages.json';
import notifications from './jp/notifications.json';
import offline from './jp/offline.json';
import reply from './jp/reply.json';
import rules from './jp/rules.json';
import snooze from './jp/snooze.json';
import tags from './jp/tags.json';
import triage from './jp/triage.json';
import views from './jp/views.json';

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
