import { useTranslation } from 'react-i18next';
import type { DemoAccountsResponse } from '../../../../contract/demo.ts';
import { Button } from '../../../components/ui/Button.tsx';

interface DemoAccountsBoxProps {
  accounts: DemoAccountsResponse['accounts'];
  password: string;
  onUse(email: string): void;
}

export function DemoAccountsBox({ accounts, password, onUse }: DemoAccountsBoxProps) {
  const { t } = useTranslation('auth');
  return (
    <section
      aria-labelledby="demo-accounts-heading"
      className="rounded-2xl border border-indigo-200 bg-indigo-50 p-6"
    >
      <h2 id="demo-accounts-heading" className="text-base font-semibold text-indigo-950">
        {t('demo.heading')}
      </h2>
      <p className="mt-1 text-sm text-indigo-900">{t('demo.description')}</p>
      <ul aria-label={t('demo.accountsLabel')} className="mt-4 space-y-3">
        {accounts.map((account) => (
          <li
            key={account.email}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white p-3 shadow-sm"
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">{t(`demo.language.${account.language}`)}</p>
              <p className="break-all text-slate-700">
                <span className="sr-only">{t('demo.emailLabel')} </span>
                {account.email}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('demo.useAccount', { email: account.email })}
              onClick={() => onUse(account.email)}
            >
              {t('demo.use')}
            </Button>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-indigo-950">
        {t('demo.passwordLabel')} <code className="rounded bg-white px-1.5 py-0.5 font-mono">{password}</code>
      </p>
    </section>
  );
}
