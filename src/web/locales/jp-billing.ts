// The strings of the pricing and subscription pages, loaded with the first of them or with the account page (its
// plan, src/web/app/lazy-page.ts): a visitor comparing plans does not download the app's (decisions 166 and 168).
import billing from './jp/billing.json';

export const strings = {
  billing,
};
