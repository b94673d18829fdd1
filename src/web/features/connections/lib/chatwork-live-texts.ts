import { addPageTexts } from '../../../lib/page-texts.ts';
import en from '../../../locales/en/chatwork-live.json';
import jp from '../../../locales/jp/chatwork-live.json';

/**
 * The ChatWork live-updates texts come with the dashboard's code rather than with every page's strings: only a
 * signed-in user with a ChatWork account sees them. Imported for its effect by the components that use them.
 */
addPageTexts('chatworkLive', en, jp);
