import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { ApiError, isTransportError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDemoAccounts } from '../api/get-demo-accounts.ts';
import { useLogin } from '../api/login.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { AuthCard, VerifyingSignIn } from './AuthCard.tsx';
import { DemoAccountsBox } from './DemoAccountsBox.tsx';
import { SocialSignInButtons, SocialSignInError } from './SocialSignIn.tsx';
import { useOnline } from '../../../lib/use-online.ts';

/** Navigation state other screens may pass: `{demo: true}` from "view demo", `{from}` from a guarded route. */
const loginStateSchema = z.catch(
  z.object({
    demo: z.optional(z.boolean()),
    from: z.optional(z.string().check(z.refine((path) => path.startsWith('/') && !path.startsWith('//')))),
  }),
  {},
);

export function LoginPage() {
  const { t } = useTranslation(['auth', 'ui']);
  const online = useOnline();
  useDocumentTitle(t('login.title'));
  const { status } = useAuth();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigationState = loginStateSchema.parse(location.state ?? {});
  const demoRequested = searchParams.get('demo') === '1' || navigationState.demo === true;

  const login = useLogin();
  const demoAccounts = useDemoAccounts();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [demoPrefilled, setDemoPrefilled] = useState(false);

  const demo = demoAccounts.data;
  const englishDemoAccount = demo?.accounts.find((account) => account.language === 'en');
  if (demoRequested && demo && englishDemoAccount && !demoPrefilled) {
    setDemoPrefilled(true);
    setEmail(englishDemoAccount.email);
    setPassword(demo.password);
  }
  const usingDemoAccount =
    demo !== undefined &&
    password === demo.password &&
    demo.accounts.some((account) => account.email === email);

  if (status === 'verifying') return <VerifyingSignIn />;
  if (status === 'authenticated') return <Navigate to={navigationState.from ?? '/dashboard'} replace />;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email, password });
  };

  return (
    <AuthCard
      title={t('login.heading')}
      intro={t('login.intro')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to="/register" className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
            {t('login.registerLink')}
          </Link>
        </>
      }
      aside={
        demo && demo.accounts.length > 0 ? (
          <DemoAccountsBox
            accounts={demo.accounts}
            password={demo.password}
            onUse={(account) => {
              setEmail(account);
              setPassword(demo.password);
            }}
          />
        ) : null
      }
    >
      <div className="mb-5 space-y-5">
        <SocialSignInError />
        <SocialSignInButtons />
      </div>
      <form onSubmit={handleSubmit} className="space-y-5">
        {login.error && (
          <Alert>
            <p>
              {login.error instanceof ApiError && login.error.statusCode === 429
                ? t('login.tooManyAttempts')
                : isTransportError(login.error)
                  ? login.error.message
                  : t('login.failed')}
            </p>
          </Alert>
        )}
        {usingDemoAccount && (
          <p role="status" className="rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900">
            {t('demo.prefilled')}
          </p>
        )}
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending || !online}>
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
        <p className="text-center text-sm">
          <Link
            to="/forgot-password"
            className="font-semibold text-indigo-700 underline-offset-2 hover:underline"
          >
            {t('login.forgotPassword')}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
