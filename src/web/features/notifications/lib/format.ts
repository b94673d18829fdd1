import { currentLanguage } from '../../../lib/i18n.ts';
import { toBcp47 } from '../../../lib/language.ts';

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(toBcp47(currentLanguage()), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}
