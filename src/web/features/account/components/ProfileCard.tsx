import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MAX_LENGTH, type User } from '../../../../contract/auth.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { useRename } from '../api/account.ts';
import { formatLongDate } from '../lib/format.ts';
import { ChangeEmailForm } from './ChangeEmailForm.tsx';
import { focusOnMount } from '../../../lib/focus-on-mount.ts';

/** Name and address (both editable), the address's verification, how the user signs in and since when (SPEC §2). */
export function ProfileCard({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { showToast } = useToast();
  const rename = useRename();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name);
  const [changingEmail, setChangingEmail] = useState(false);
  /** The address a confirmation link was last sent to, until the user opens it. */
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(name, {
      onSuccess: () => {
        showToast(t('profile.saved'), 'success');
        setEditing(false);
      },
      onError: () => showToast(t('profile.failed'), 'error'),
    });
  };

  return (
    <section
      aria-labelledby="profile-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="profile-title" className="text-lg font-semibold text-slate-900">
        {t('profile.title')}
      </h2>
      <div className="mt-4 flex items-start gap-4">
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-2xl font-semibold text-white"
        >
          {user.name.charAt(0).toUpperCase()}
        </span>
        <dl className="grid flex-1 gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-slate-600">{t('profile.name')}</dt>
          <dd>
            {editing ? (
              <form onSubmit={save} className="space-y-2">
                <TextField
                  label={t('profile.nameLabel')}
                  value={name}
                  required
                  maxLength={NAME_MAX_LENGTH}
                  ref={focusOnMount}
                  onChange={(event) => setName(event.target.value)}
                />
                <div className="flex gap-2">
                  <Button type="submit" size="sm" disabled={rename.isPending || name.trim() === ''}>
                    {t('profile.save')}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      setName(user.name);
                      setEditing(false);
                    }}
                  >
                    {t('profile.cancel')}
                  </Button>
                </div>
              </form>
            ) : (
              <div className="flex items-center gap-3">
                <span className="text-slate-900">{user.name}</span>
                {!user.isDemo && (
                  <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                    {t('profile.edit')}
                  </Button>
                )}
              </div>
            )}
          </dd>
          <dt className="font-medium text-slate-600">{t('profile.email')}</dt>
          <dd className="space-y-2">
            <div className="flex flex-wrap items-center gap-2 text-slate-900">
              {user.email}
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${user.emailVerified ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900'}`}
              >
                {user.emailVerified ? t('profile.verified') : t('profile.unverified')}
              </span>
              {!user.isDemo && !changingEmail && (
                <Button variant="ghost" size="sm" onClick={() => setChangingEmail(true)}>
                  {t('changeEmail.open')}
                </Button>
              )}
            </div>
            {changingEmail && (
              <ChangeEmailForm
                user={user}
                onClose={(sentTo) => {
                  setChangingEmail(false);
                  if (sentTo) setConfirmationSentTo(sentTo);
                }}
              />
            )}
            <p role="status" className="text-sm text-slate-700">
              {confirmationSentTo &&
                t('changeEmail.sent', { email: confirmationSentTo, current: user.email })}
            </p>
          </dd>
          <dt className="font-medium text-slate-600">{t('profile.loginMethod')}</dt>
          <dd className="text-slate-900">
            {user.oauthProvider ? t(`profile.provider.${user.oauthProvider}`) : t('profile.provider.email')}
          </dd>
          <dt className="font-medium text-slate-600">{t('profile.registered')}</dt>
          <dd className="text-slate-900">{formatLongDate(user.createdAt)}</dd>
        </dl>
      </div>
    </section>
  );
}
