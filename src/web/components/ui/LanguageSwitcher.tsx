import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../lib/i18n.ts';
import { toBcp47 } from '../../lib/language.ts';
import { buttonClassName } from './button-class-name.ts';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const target = currentLanguage() === 'en' ? 'jp' : 'en';
  // Named in its own script, as people look for their language.
  const targetName = t('language.otherName');
  return (
    <button
      type="button"
      aria-label={t('language.switchTo', { language: targetName })}
      onClick={() => void changeLanguage(target)}
      className={buttonClassName({ variant: 'ghost', size: 'sm' })}
    >
      <Languages aria-hidden="true" className="size-4" />
      <span lang={toBcp47(target)}>{targetName}</span>
    </button>
  );
}
