// The strings of the account page's own settings (profile, notifications, digest), loaded with it: the other
// signed-in screens do not show them (decision 168).
import account from './en/account.json';
import digest from './en/digest.json';
import notifications from './en/notifications.json';

export const strings = {
  account,
  digest,
  notifications,
};
