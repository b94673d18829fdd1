import type { Language } from '../../../contract/auth-constants.ts';
import inboxEn from './screenshots/inbox-en.webp';
import inboxJp from './screenshots/inbox-jp.webp';
import tagsEn from './screenshots/tags-en.webp';
import tagsJp from './screenshots/tags-jp.webp';

export { SCREENSHOT_SIZE } from '../../../contract/landing-screenshots.ts';

/** Captures of the running app signed in as each language's demo account (`npm run screenshots`). */
export const showcases = [
  { key: 'inbox', images: { en: inboxEn, jp: inboxJp } },
  { key: 'tags', images: { en: tagsEn, jp: tagsJp } },
] as const satisfies readonly { key: string; images: Record<Language, string> }[];

export type Showcase = (typeof showcases)[number];
