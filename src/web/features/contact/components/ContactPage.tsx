import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/Banner.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ContentPage } from '../../../components/ui/ContentPage.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { addPageTexts } from '../../../lib/page-texts.ts';
import { supportEmail } from '../../../lib/page-config.ts';
import en from '../../../locales/en/contact.json';
import jp from '../../../locales/jp/contact.json';
import { mailtoUrl, openMailProgram, type ContactMessage } from '../lib/mailto.ts';

addPageTexts('contact', en, jp);

const EMPTY: ContactMessage = { fullName: '', email: '', subject: '', message: '' };

/** SPEC §2 and §5: the form writes an e-mail in the visitor's own mail program; nothing goes to our server. */
export function ContactPage() {
  const { t } = useTranslation('contact');
  const messageId = useId();
  const [form, setForm] = useState<ContactMessage>(EMPTY);
  const [outcome, setOutcome] = useState<'sent' | 'error' | null>(null);
  const to = supportEmail();

  const field = (name: keyof ContactMessage) => ({
    name,
    value: form[name],
    required: true,
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = t('mailBody', { fullName: form.fullName, email: form.email, message: form.message });
    if (openMailProgram(mailtoUrl(to, form.subject, body))) {
      setForm(EMPTY);
      setOutcome('sent');
    } else {
      setOutcome('error');
    }
  }

  return (
    <ContentPage title={t('title')} intro={<p>{t('intro')}</p>}>
      <form onSubmit={submit} className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {outcome && (
          <Banner tone={outcome === 'sent' ? 'success' : 'error'} onDismiss={() => setOutcome(null)}>
            {outcome === 'sent' ? t('messageSent') : t('messageError', { email: to })}
          </Banner>
        )}
        <p className="text-sm text-slate-600">{t('allRequired')}</p>
        <TextField label={t('fullName')} autoComplete="name" maxLength={100} {...field('fullName')} />
        <TextField label={t('email')} type="email" autoComplete="email" maxLength={254} {...field('email')} />
        <TextField label={t('subject')} maxLength={200} {...field('subject')} />
        <div className="space-y-1.5">
          <label htmlFor={messageId} className="block text-sm font-medium text-slate-800">
            {t('message')}
          </label>
          <textarea
            id={messageId}
            rows={6}
            className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus-visible:border-indigo-600"
            {...field('message')}
          />
        </div>
        <p className="text-sm text-slate-600">{t('hint', { email: to })}</p>
        <Button type="submit">
          <Mail aria-hidden="true" className="size-4" />
          {t('submit')}
        </Button>
      </form>
    </ContentPage>
  );
}
