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
import '../lib/chatwork-live-texts.ts';
import { ChatworkWebhookTokenForm } from './ChatworkWebhookTokenForm.tsx';
import { CopyField } from './CopyField.tsx';

interface ChatworkLiveUpdatesDialogProps {
  /** The ChatWork connection being set up; the panel renders the dialog only while there is one. */
  connection: PlatformConnection;
  name: string;
  onClose(): void;
}

/**
 * Guides the user through creating a ChatWork account webhook (ChatWork has no API for it) and takes the token
 * ChatWork shows, so mentions reach the open inbox without a refresh (decision 132).
 */
export function ChatworkLiveUpdatesDialog({ connection, name, onClose }: ChatworkLiveUpdatesDialogProps) {
  const { t } = useTranslation('chatworkLive');
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('title', { name })}
      description={t('description')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      <LiveUpdatesSetup connectionId={connection.id} />
    </Dialog>
  );
}

function LiveUpdatesSetup({ connectionId }: { connectionId: string }) {
  const { t } = useTranslation('chatworkLive');
  const webhook = useQuery(chatworkWebhookQueryOptions(connectionId));

  if (webhook.isPending) return <p role="status">{t('loading')}</p>;
  if (webhook.isError) {
    return (
      <Alert>
        <p>{isTransportError(webhook.error) ? webhook.error.message : t('loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void webhook.refetch()}>
          {t('retry')}
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
        {configured ? t('stateOn', { date: setOn }) : t('stateOff')}
      </p>
      <ol className="list-decimal space-y-3 pl-5">
        <li>
          {t('steps.open')}{' '}
          <a
            href={settings_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold text-indigo-700 underline hover:text-indigo-900"
          >
            {t('steps.openLink')}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only"> {t('newTab')}</span>
          </a>
        </li>
        <li>{t('steps.create')}</li>
        <li className="space-y-2">
          <p>{t('steps.url')}</p>
          <CopyField label={t('urlLabel')} value={webhook_url} />
        </li>
        <li>{t('steps.event')}</li>
        <li>{t('steps.token')}</li>
      </ol>
      <ChatworkWebhookTokenForm connectionId={connectionId} configured={configured} />
    </div>
  );
}
