import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../../components/ui/ContentPage.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/intl-format.ts';
import { addPageTexts } from '../../../lib/page-texts.ts';
import { supportEmail } from '../../../lib/page-config.ts';
import en from '../../../locales/en/commercial.json';
import jp from '../../../locales/jp/commercial.json';

addPageTexts('commercial', en, jp);

/** SPEC §9: the monthly prices the legal notice states, in cents of US dollars. */
const MONTHLY_PRICE_CENTS = { pro: 400, proPlus: 999 };

const textFields = [
  'businessName',
  'address',
  'phone',
  'representative',
  'extraFees',
  'returns',
  'delivery',
  'paymentMethods',
  'paymentPeriod',
] as const;

export function CommercialTransactionsPage() {
  const { t } = useTranslation('commercial');
  const language = currentLanguage();
  const email = supportEmail();
  const rows = [
    ...textFields.slice(0, 3).map((key) => ({ key, value: t(`fields.${key}.value`) })),
    {
      key: 'email',
      value: (
        <a href={`mailto:${email}`} className="text-indigo-700 underline">
          {email}
        </a>
      ),
    },
    ...textFields.slice(3).map((key) => ({ key, value: t(`fields.${key}.value`) })),
    {
      key: 'prices',
      value: t('fields.prices.value', {
        pro: formatMoney(MONTHLY_PRICE_CENTS.pro, 'USD', language),
        proPlus: formatMoney(MONTHLY_PRICE_CENTS.proPlus, 'USD', language),
      }),
    },
  ] as const;
  return (
    <ContentPage title={t('title')} intro={<p>{t('intro')}</p>}>
      <dl className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
        {rows.map(({ key, value }) => (
          <div key={key} className="grid gap-1 px-4 py-4 sm:grid-cols-3 sm:gap-4 sm:px-6">
            <dt className="font-semibold text-slate-900">{t(`fields.${key}.label`)}</dt>
            <dd className="text-slate-700 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </ContentPage>
  );
}
