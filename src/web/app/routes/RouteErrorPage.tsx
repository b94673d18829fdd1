import { HeaderBar } from '../../components/ui/HeaderBar.tsx';
import { LanguageSwitcher } from '../../components/ui/LanguageSwitcher.tsx';
import { Logo } from '../../components/ui/Logo.tsx';
import { PageShell } from '../../components/ui/PageShell.tsx';
import { ErrorPage } from './ErrorPage.tsx';

/**
 * What shows when rendering a screen threw or its code could not be fetched: the styled error page, without the
 * parts that failed.
 */
export function RouteErrorPage() {
  return (
    <PageShell
      header={
        <HeaderBar brand={<Logo to="/" />}>
          <LanguageSwitcher />
        </HeaderBar>
      }
      footer={null}
    >
      <ErrorPage notFound={false} />
    </PageShell>
  );
}
