import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PlatformConnection } from '../../../../contract/messages.ts';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { toBcp47 } from '../../../lib/language.ts';
import { isTransportError } from '../../../lib/api-client.ts';
import { chatworkWebhookQueryOptions } from '../api/get-chatwork-webhook.ts';
import { ChatworkWebhookTokenForm } from './ChatworkWebhookTokenForm.tsx';
import { CopyField } from './CopyField.tsx';

interface ChatworkLiveUpdatesDialogProps {
  /** The ChatWork connection being set up; null keeps the dialog closed. */
  connection: PlatformConnection | null;
  name: string;
  onClose(): void;
}

/**
 * Guides the user through creating a ChatWork account webhook (ChatWork has no API for it) and takes the token
 * ChatWork shows, so mentions reach the open inbox without a refresh (decision 132).
 */
export function ChatworkLiveUpdatesDialog({ connection, name, onClose }: ChatworkLiveUpdatesDialogProps) {
  const { t } = useTranslation('connections');
  return (
    <Dialog
      open={connection !== null}
      onClose={onClose}
      title={t('live.title', { name })}
      description={t('live.description')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('live.close')}
        </Button>
      }
    >
      {connection && <LiveUpdatesSetup connectionId={connection.id} />}
    </Dialog>
  );
}

function LiveUpdatesSetup({ connectionId }: { connectionId: string }) {
  const { t } = useTranslation('connections');
  const webhook = useQuery(chatworkWebhookQueryOptions(connectionId));

  if (webhook.isPending) return <p role="status">{t('live.loading')}</p>;
  if (webhook.isError) {
    return (
      <Alert>
        <p>{isTransportError(webhook.error) ? webhook.error.message : t('live.loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void webhook.refetch()}>
          {t('live.retry')}
        </Button>
      </Alert>
    );
  }

  const { webhook_url, settings_url, configured, configured_at } = webhook.data;
  const setOn = configured_at
    ? new Intl.DateTimeFormat(toBcp47(currentLanguage()), { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(configured_at),
      )
    : '';
  return (
    <div className="space-y-4">
      <p
        className={`flex items-start gap-2 rounded-md p-2 ${configured ? 'bg-emerald-50 text-emerald-900' : 'bg-slate-100 text-slate-800'}`}
      >
        <Radio aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {configured ? t('live.stateOn', { date: setOn }) : t('live.stateOff')}
      </p>
      <ol className="list-decimal space-y-3 pl-5">
        <li>
          {t('live.steps.open')}{' '}
          <a
            href={settings_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold text-indigo-700 underline hover:text-indigo-900"
          >
            {t('live.steps.openLink')}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only"> {t('live.newTab')}</span>
          </a>
        </li>
        <li>{t('live.steps.create')}</li>
        <li className="space-y-2">
          <p>{t('live.steps.url')}</p>
          <CopyField label={t('live.urlLabel')} value={webhook_url} />
        </li>
        <li>{t('live.steps.event')}</li>
        <li>{t('live.steps.token')}</li>
      </ol>
      <ChatworkWebhookTokenForm connectionId={connectionId} configured={configured} />
    </div>
  );
}
