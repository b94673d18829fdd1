// The strings of the pricing and subscription pages, loaded with the first of them or with the app's screens
// (src/web/app/lazy-page.ts): a visitor comparing plans does not download the rest of the app's (decision 166).
import billing from './en/billing.json';

export const strings = {
  billing,
};
