import { isRouteErrorResponse, useRouteError } from 'react-router';
import { HeaderBar } from '../../components/ui/HeaderBar.tsx';
import { LanguageSwitcher } from '../../components/ui/LanguageSwitcher.tsx';
import { Logo } from '../../components/ui/Logo.tsx';
import { PageShell } from '../../components/ui/PageShell.tsx';
import { ErrorPage } from './ErrorPage.tsx';

/** What the router shows when rendering a page threw: the styled error page, without the parts that failed. */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <PageShell
      header={
        <HeaderBar brand={<Logo to="/" />}>
          <LanguageSwitcher />
        </HeaderBar>
      }
      footer={null}
    >
      <ErrorPage notFound={isRouteErrorResponse(error) && error.status === 404} />
    </PageShell>
  );
}
