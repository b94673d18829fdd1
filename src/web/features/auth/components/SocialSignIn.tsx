import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { socialProviders, type SocialProvider } from '../../../../contract/social-sign-in.ts';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { useSocialSignInStatus, useStartSocialSignIn } from '../api/social-sign-in.ts';

const reasons = ['denied', 'invalidState', 'failed', 'noEmail', 'emailUnverified', 'emailInUse'] as const;

/** The banner for `?google=error` / `?github=error` (SPEC §4): the reason in the page's language when known. */
export function SocialSignInError() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const provider = socialProviders.find((name) => searchParams.get(name) === 'error');
  if (!provider) return null;
  const reason = reasons.find((known) => known === searchParams.get('reason'));
  const detail = reason ? t(`social.reasons.${reason}`) : searchParams.get('message');
  return (
    <Alert>
      <p>{t('social.error', { provider: t(`social.names.${provider}`) })}</p>
      {detail && <p className="mt-1">{detail}</p>}
    </Alert>
  );
}

function ProviderButton({ provider }: { provider: SocialProvider }) {
  const { t } = useTranslation('auth');
  const status = useSocialSignInStatus(provider);
  const start = useStartSocialSignIn();
  if (!status.data?.enabled) return null;
  const starting = start.isPending || start.isSuccess;
  return (
    <div>
      <Button
        type="button"
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={starting}
        onClick={() => start.mutate(provider)}
      >
        {t(`social.button.${provider}`)}
      </Button>
      {start.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t(`social.startFailed.${provider}`)}
        </p>
      )}
    </div>
  );
}

/** "Sign in with Google" and "Sign in with GitHub", for the providers this server is configured for. */
export function SocialSignInButtons() {
  const { t } = useTranslation('auth');
  const google = useSocialSignInStatus('google');
  const github = useSocialSignInStatus('github');
  if (!google.data?.enabled && !github.data?.enabled) return null;
  return (
    <div className="space-y-3">
      {socialProviders.map((provider) => (
        <ProviderButton key={provider} provider={provider} />
      ))}
      <p className="flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
        {t('social.or')}
      </p>
    </div>
  );
}
