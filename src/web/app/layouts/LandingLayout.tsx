import { Languages } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_QUERY_PARAMETER } from '../../../contract/auth-constants.ts';
import { buttonClassName } from '../../components/ui/button-class-name.ts';
import { HeaderBar } from '../../components/ui/HeaderBar.tsx';
import { Logo } from '../../components/ui/Logo.tsx';
import { PageShell } from '../../components/ui/PageShell.tsx';
import { LANGUAGE_LINK_ATTRIBUTE } from '../../lib/landing-page-markers.ts';
import { landingSectionIds } from '../../features/landing/section-ids.ts';
import { toBcp47 } from '../../lib/language.ts';
import { headerLinkClassName, sectionLinkClassName } from './public-header-links.ts';
import { SiteFooter } from './SiteFooter.tsx';

interface LandingLayoutProps {
  /** Whether this browser holds a session (the session hint cookie): the header then leads to the inbox. */
  signedIn: boolean;
  children: ReactNode;
}

/**
 * The public frame of the landing page, which is plain HTML made when the web app is built (docs/decisions/138):
 * every link is an ordinary link, and switching the language loads the page in the other one.
 */
export function LandingLayout({ signedIn, children }: LandingLayoutProps) {
  const { t, i18n } = useTranslation();
  const target = i18n.language === 'jp' ? 'en' : 'jp';
  // Named in its own script, as people look for their language.
  const targetName = t('language.otherName');
  const header = (
    <HeaderBar brand={<Logo to="/" />}>
      <a href={`#${landingSectionIds.features}`} className={sectionLinkClassName}>
        {t('header.features')}
      </a>
      <a href={`#${landingSectionIds.workflow}`} className={sectionLinkClassName}>
        {t('header.workflow')}
      </a>
      <a href={`#${landingSectionIds.faq}`} className={sectionLinkClassName}>
        {t('header.faq')}
      </a>
      <a href="/pricing" className={headerLinkClassName}>
        {t('header.pricing')}
      </a>
      <a href="/contact" className={headerLinkClassName}>
        {t('header.contact')}
      </a>
      <a
        href={`/?${LANGUAGE_QUERY_PARAMETER}=${target}`}
        hrefLang={toBcp47(target)}
        aria-label={t('language.switchTo', { language: targetName })}
        {...{ [LANGUAGE_LINK_ATTRIBUTE]: target }}
        className={buttonClassName({ variant: 'ghost', size: 'sm' })}
      >
        <Languages aria-hidden="true" className="size-4" />
        <span lang={toBcp47(target)}>{targetName}</span>
      </a>
      {signedIn ? (
        <a href="/dashboard" className={buttonClassName()}>
          {t('header.dashboard')}
        </a>
      ) : (
        <a href="/login" className={buttonClassName()}>
          {t('header.login')}
        </a>
      )}
    </HeaderBar>
  );
  return (
    <PageShell header={header} footer={<SiteFooter />}>
      {children}
    </PageShell>
  );
}
