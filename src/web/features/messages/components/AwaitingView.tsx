import { ExternalLink, Hourglass, MailCheck, MessagesSquare, User } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AWAITING_DAY_CHOICES,
  type AwaitingConversation,
  type AwaitingDays,
} from '../../../../contract/awaiting.ts';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { useAwaiting } from '../api/get-awaiting.ts';
import { useDismissAwaiting } from '../api/dismiss-awaiting.ts';
import { useUpdateReplySettings } from '../api/reply-settings.ts';
import { useRelativeTimeText } from '../hooks/use-relative-time-text.ts';
import { awaitingNames, type AwaitingNames } from '../lib/awaiting-names.ts';

interface AwaitingViewProps {
  /** The inbox as gathered: it names the people and places the server keeps only ids of. */
  messages: readonly UnifiedMessage[];
  now: number;
}

const buttonClassName =
  'inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 hover:text-slate-900';
const choiceClassName =
  'rounded-md px-3 py-1 text-sm font-medium text-slate-700 hover:bg-white aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm';

/**
 * Conversations where the person wrote last and nobody answered within 1, 3 or 7 days (decision 154), longest
 * waiting first, each with where, to whom, when and a link to it; the choice of days is remembered.
 */
export function AwaitingView({ messages, now }: AwaitingViewProps) {
  const { t } = useTranslation('awaiting');
  const { showToast } = useToast();
  const [chosen, setChosen] = useState<AwaitingDays>();
  const awaiting = useAwaiting(chosen);
  const saveDays = useUpdateReplySettings();
  const dismiss = useDismissAwaiting();
  const names = useMemo(() => awaitingNames(messages), [messages]);
  const days = chosen ?? awaiting.data?.days;

  const choose = (next: AwaitingDays) => {
    setChosen(next);
    saveDays.mutate(
      { awaiting_days: next },
      { onError: () => showToast(t('view.dayChoiceFailed'), 'error') },
    );
  };
  const onDismiss = (conversation: AwaitingConversation) =>
    dismiss.mutate(conversation.id, {
      onSuccess: () => showToast(t('view.dismissed'), 'success'),
      onError: () => showToast(t('view.dismissFailed'), 'error'),
    });

  const conversations = awaiting.data?.conversations;
  return (
    <section aria-labelledby="awaiting-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="awaiting-title" className="text-lg font-semibold text-slate-900">
            {t('view.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('view.intro')}</p>
        </div>
        <div
          role="group"
          aria-label={t('view.waitedFor')}
          className="inline-flex gap-1 rounded-lg bg-slate-100 p-1"
        >
          {AWAITING_DAY_CHOICES.map((choice) => (
            <button
              key={choice}
              type="button"
              className={choiceClassName}
              aria-pressed={days === choice}
              onClick={() => choose(choice)}
            >
              {t('view.days', { count: choice })}
            </button>
          ))}
        </div>
      </div>
      {awaiting.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {t('view.loadFailed')}
        </p>
      ) : !conversations ? (
        <p role="status" className="text-sm text-slate-600">
          {t('view.loading')}
        </p>
      ) : conversations.length === 0 ? (
        <EmptyState
          icon={MailCheck}
          title={t('view.emptyTitle')}
          body={t('view.emptyBody', { count: days ?? 1 })}
        />
      ) : (
        <ol aria-label={t('view.listLabel')} className="space-y-3">
          {conversations.map((conversation) => (
            <AwaitingRow
              key={conversation.id}
              conversation={conversation}
              names={names}
              now={now}
              onDismiss={onDismiss}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

interface AwaitingRowProps {
  conversation: AwaitingConversation;
  names: AwaitingNames;
  now: number;
  onDismiss(conversation: AwaitingConversation): void;
}

function AwaitingRow({ conversation, names, now, onDismiss }: AwaitingRowProps) {
  const { t } = useTranslation(['awaiting', 'messages']);
  const writtenAt = new Date(conversation.written_at);
  const time = useRelativeTimeText(Math.floor(writtenAt.getTime() / 1000), now);
  const location = names.place(conversation);
  const place = location
    ? t(`messages:card.location.${location.type}`, { name: location.name })
    : `${t(`view.kind.${conversation.kind}`)} ${conversation.conversation_id}`;
  const person = names.person(conversation) ?? conversation.counterpart_id;
  const platform = t(`messages:platforms.${conversation.platform}`);
  return (
    <li
      data-awaiting-id={conversation.id}
      className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-700" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium text-slate-900">
          <span className="inline-flex min-w-0 items-center gap-1">
            <MessagesSquare aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
            <span className="truncate">{t('view.in', { place })}</span>
          </span>
          {person && (
            <span className="inline-flex min-w-0 items-center gap-1">
              <User aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
              <span className="truncate">{t('view.to', { name: person })}</span>
            </span>
          )}
        </p>
        <p className="text-xs text-slate-600">
          {t('view.account', {
            account: conversation.account_name ?? t('view.unknownAccount'),
            workspace: conversation.workspace_name ?? t('view.noWorkspace'),
          })}
          {' · '}
          <time dateTime={conversation.written_at} title={writtenAt.toLocaleString()}>
            {t('view.wrote', { time })}
          </time>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <a
          href={conversation.original_url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName}
        >
          <ExternalLink aria-hidden="true" className="size-3.5" />
          {t('view.open', { platform })}
        </a>
        <button
          type="button"
          className={buttonClassName}
          aria-label={t('view.dismissLabel', { place })}
          onClick={() => onDismiss(conversation)}
        >
          {t('view.dismiss')}
        </button>
      </div>
    </li>
  );
}
