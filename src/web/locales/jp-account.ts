// The strings of the account page's own settings (profile, notifications, digest), loaded with it: the other
// signed-in screens do not show them (decision 168).
import account from './jp/account.json';
import digest from './jp/digest.json';
import notifications from './jp/notifications.json';

export const strings = {
  account,
  digest,
  notifications,
};
