// The strings of the sign-in pages, and of the account menu every signed-in screen shows, loaded with the first of
// them (src/web/app/lazy-page.ts): a visitor signing in does not download the rest of the app's (decision 166).
import auth from './jp/auth.json';

export const strings = {
  auth,
};
