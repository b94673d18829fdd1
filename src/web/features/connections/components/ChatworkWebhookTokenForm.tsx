import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { ApiError, isTransportError } from '../../../lib/api-client.ts';
import { useClearChatworkWebhookToken } from '../api/clear-chatwork-webhook-token.ts';
import { useSetChatworkWebhookToken } from '../api/set-chatwork-webhook-token.ts';

/** Where the token ChatWork shows is pasted (stored encrypted; never shown again), and where it is removed. */
export function ChatworkWebhookTokenForm({
  connectionId,
  configured,
}: {
  connectionId: string;
  configured: boolean;
}) {
  const { t } = useTranslation('chatworkLive');
  const [token, setToken] = useState('');
  const [done, setDone] = useState<'saved' | 'removed' | null>(null);
  const save = useSetChatworkWebhookToken(connectionId);
  const remove = useClearChatworkWebhookToken(connectionId);
  const busy = save.isPending || remove.isPending;
  const error = save.error ?? remove.error;
  const refused = save.error instanceof ApiError && save.error.statusCode === 400;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    remove.reset();
    save.mutate(token.trim(), {
      onSuccess: () => {
        setToken('');
        setDone('saved');
      },
    });
  };

  const forget = () => {
    setDone(null);
    save.reset();
    remove.mutate(undefined, { onSuccess: () => setDone('removed') });
  };

  return (
    <form onSubmit={submit} className="space-y-3 border-t border-slate-200 pt-4">
      {error && (
        <Alert>
          <p>
            {refused
              ? t('invalidToken')
              : isTransportError(error)
                ? error.message
                : t(save.error ? 'saveFailed' : 'removeFailed', { reason: error.message })}
          </p>
        </Alert>
      )}
      <TextField
        label={t(configured ? 'tokenLabelReplace' : 'tokenLabel')}
        hint={t('tokenHint')}
        name="chatwork-webhook-token"
        autoComplete="off"
        spellCheck={false}
        required
        aria-invalid={refused || undefined}
        value={token}
        onChange={(event) => setToken(event.target.value)}
      />
      <p role="status" className="text-sm text-emerald-800">
        {done === 'saved' ? t('saved') : done === 'removed' ? t('removed') : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {t(save.isPending ? 'saving' : 'save')}
        </Button>
        {configured && (
          <Button variant="ghost" size="sm" onClick={forget} disabled={busy}>
            {t(remove.isPending ? 'removing' : 'remove')}
          </Button>
        )}
      </div>
    </form>
  );
}
