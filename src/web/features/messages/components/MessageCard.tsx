import { memo, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import {
  EXPIRY_WARNING_POSITION,
  LONG_CONTENT_THRESHOLD,
  type FileAttachment,
  type MessageTypeFilter,
  type UnifiedMessage,
} from '../../../../contract/messages.ts';
import { tintOf } from '../../../lib/connection-color.ts';
import { ariaKeyShortcut } from '../../../lib/shortcut-keys.ts';
import { formatFileSize } from '../../../lib/intl-format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { toBcp47 } from '../../../lib/language.ts';
import type { GuardedAction } from '../lib/action-restrictions.ts';
import { messagePlainText } from '../lib/message-plain-text.ts';
import { declarationOf, messageActions, type MessageActionId } from '../actions/message-actions.ts';
import { useClamped } from '../hooks/use-clamped.ts';
import { useRelativeTimeText } from '../hooks/use-relative-time-text.ts';
import { locationIcons, platformBadgeClassName } from '../lib/message-look.ts';
import { AtSign, FileImage, FileText, TriangleAlert } from 'lucide-react';
import { CardActions } from './CardActions.tsx';
import { MessageText, type KnownToMessage } from './MessageText.tsx';
import { useSearchMatch } from '../hooks/search-match-context.ts';
import { matchedSnippets } from '../lib/search-highlight.ts';
import { LazyReplyBox } from './LazyReplyBox.tsx';
import { TagChip } from './TagChip.tsx';
import { HandledMarker } from './HandledMarker.tsx';
import { TypeBadges } from './TypeBadges.tsx';
import { useRepeatedText } from '../../../lib/RepeatedTextScope.tsx';

export interface MessageCardProps {
  message: UnifiedMessage;
  /** The colour of the connection the message came through. */
  accountColor: string;
  now: number;
  selected: boolean;
  /** The card the keyboard is on (j / k): ringed, and its actions answer to their keys. */
  focused: boolean;
  activeTypes: readonly MessageTypeFilter[];
  onToggleSelected(id: string): void;
  onToggleType(type: MessageTypeFilter): void;
  onShowExpiry(message: UnifiedMessage): void;
  /** False (after telling the user why) when the account may not do this. */
  allowed(action: GuardedAction): boolean;
  /** Hidden, and shown only because the list shows hidden messages too. */
  hidden: boolean;
  /** Fading out on its way to being hidden. */
  fading: boolean;
  onHide(message: UnifiedMessage): void;
  onUnhide(message: UnifiedMessage): void;
  onEditTags(message: UnifiedMessage): void;
}

const actionClassName =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50';

/** The sender and the account owner by their platform ids, and the files the card lists as attachments. */
function knownToMessage(message: UnifiedMessage): KnownToMessage {
  const people = new Map([[message.sender.id, message.sender.name]]);
  if (message.account_info.account_name) {
    people.set(message.account_info.platform_user_id, message.account_info.account_name);
  }
  return { people, attachedFileIds: new Set(message.files.map((file) => file.id)) };
}

function Avatar({ name, url }: { name: string; url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (url && !failed) {
    return (
      <img
        src={url}
        alt=""
        className="size-10 shrink-0 rounded-full bg-slate-100 object-cover"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-800"
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

function Attachments({
  files,
  onOpen,
}: {
  files: readonly FileAttachment[];
  onOpen(event: MouseEvent<HTMLAnchorElement>): void;
}) {
  const t = useRepeatedText('messages');
  const language = currentLanguage();
  return (
    <ul aria-label={t('card.attachments')} className="mt-3 flex flex-wrap gap-2">
      {files.map((file) => {
        const Icon = file.isImage ? FileImage : FileText;
        const content = (
          <>
            <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            <span className="truncate">{file.name}</span>
            <span className="shrink-0 text-slate-500">{formatFileSize(file.size, language)}</span>
          </>
        );
        const className =
          'flex max-w-full items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-2.5 py-1.5 text-xs text-slate-800';
        return (
          <li key={file.id} className="max-w-full">
            {file.url ? (
              <a
                href={file.url}
                target="_blank"
                rel="noopener noreferrer"
                className={`${className} hover:border-indigo-300 hover:bg-white`}
                onClick={onOpen}
              >
                {content}
              </a>
            ) : (
              <span className={className}>{content}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function MessageCardView({
  message,
  accountColor,
  now,
  selected,
  focused,
  activeTypes,
  onToggleSelected,
  onToggleType,
  onShowExpiry,
  allowed,
  hidden,
  fading,
  onHide,
  onUnhide,
  onEditTags,
}: MessageCardProps) {
  const t = useRepeatedText('messages');
  const tTriage = useRepeatedText('triage');
  const headingId = useId();
  const keysOf = (action: MessageActionId) =>
    focused ? ariaKeyShortcut(declarationOf(action).keys) : undefined;
  const TagIcon = messageActions.tag.icon;
  const contentId = useId();
  const [expanded, setExpanded] = useState(false);
  const [replying, setReplying] = useState(false);
  const replyButtonRef = useRef<HTMLButtonElement>(null);
  const timeText = useRelativeTimeText(message.send_time, now);
  const platformName = t(`platforms.${message.platform}`);
  // SPEC §4: long content starts collapsed; "Show more" only when the clamp really hides some of it.
  const plainText = messagePlainText(message);
  const isLong = plainText.length > LONG_CONTENT_THRESHOLD;
  const searchMatch = useSearchMatch(message.id);
  const marks = useMemo(() => matchedSnippets(plainText, searchMatch), [plainText, searchMatch]);
  const contentRef = useRef<HTMLDivElement>(null);
  const known = useMemo(() => knownToMessage(message), [message]);
  const cut = useClamped(contentRef, isLong && !expanded);
  const expiring = message.position_index >= EXPIRY_WARNING_POSITION;
  const LocationIcon = locationIcons[message.location.type];
  const sentAt = new Date(message.send_time * 1000);

  const blockUnlessAllowed = (action: GuardedAction) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!allowed(action)) event.preventDefault();
  };

  return (
    <article
      aria-labelledby={headingId}
      data-message-id={message.id}
      // Focusable by script only (j / k); Tab still goes through the card's own controls.
      tabIndex={-1}
      aria-current={focused ? 'true' : undefined}
      className={`relative scroll-mt-20 overflow-hidden rounded-xl border p-4 shadow-sm transition-opacity duration-300 outline-none motion-reduce:transition-none ${
        focused ? 'ring-2 ring-indigo-600 ring-offset-2' : ''
      } ${
        expiring ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white'
      } ${fading ? 'opacity-0' : hidden ? 'opacity-75' : ''}`}
    >
      <span
        className={`absolute top-0 right-0 rounded-bl-lg px-2 py-0.5 text-xs font-bold text-white ${platformBadgeClassName[message.platform]}`}
        title={platformName}
      >
        <span aria-hidden="true">{t(`platformInitial.${message.platform}`)}</span>
        <span className="sr-only">{t('card.platform', { platform: platformName })}</span>
      </span>

      <div className="flex gap-3">
        <input
          type="checkbox"
          checked={selected}
          onChange={() => onToggleSelected(message.id)}
          aria-label={tTriage('actions.select.card', { sender: message.sender.name })}
          aria-keyshortcuts={keysOf('select')}
          className="mt-3 size-4 shrink-0 rounded border-slate-400 accent-indigo-600"
        />
        <Avatar name={message.sender.name} url={message.sender.avatar_url} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 pr-8">
            <h3 id={headingId} className="font-semibold text-slate-900">
              {message.sender.name}
            </h3>
            <time
              dateTime={sentAt.toISOString()}
              title={sentAt.toLocaleString(toBcp47(currentLanguage()))}
              className="text-xs text-slate-600"
            >
              {timeText}
            </time>
            <HandledMarker messageId={message.id} className="self-center" />
            {expiring && (
              <button
                type="button"
                onClick={() => onShowExpiry(message)}
                className="self-center rounded-md p-0.5 text-red-700 hover:bg-red-100"
                aria-label={t('card.expiring')}
                title={t('card.expiring')}
              >
                <TriangleAlert aria-hidden="true" className="size-4" />
              </button>
            )}
          </div>

          <TypeBadges
            message={message}
            activeTypes={activeTypes}
            onToggleType={onToggleType}
            className="mt-1"
          />

          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span className="inline-flex min-w-0 items-center gap-1">
              <LocationIcon aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">
                {t(`card.location.${message.location.type}`, { name: message.location.name })}
              </span>
            </span>
            <span
              className="inline-flex min-w-0 items-center gap-1 rounded-full px-2 py-0.5 text-slate-800"
              style={{ backgroundColor: tintOf(accountColor) }}
            >
              <AtSign aria-hidden="true" className="size-3 shrink-0" style={{ color: accountColor }} />
              <span className="truncate">
                {t('accounts.accountLabel', {
                  account: message.account_info.account_name ?? t('accounts.unknownAccount'),
                  workspace: message.account_info.workspace_name ?? t('accounts.noWorkspace'),
                })}
              </span>
            </span>
          </p>

          <div
            id={contentId}
            ref={contentRef}
            className={`mt-3 text-sm leading-relaxed break-words text-slate-900 ${
              isLong && !expanded ? 'line-clamp-4' : ''
            }`}
          >
            <MessageText
              platform={message.platform}
              text={message.content}
              standardEmoji={message.standard_emoji}
              known={known}
              marks={marks}
            />
          </div>
          {(cut || expanded) && (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={contentId}
              onClick={() => setExpanded((value) => !value)}
              className="mt-1 text-xs font-semibold text-indigo-700 hover:underline"
            >
              {t(expanded ? 'card.showLess' : 'card.showMore')}
            </button>
          )}

          {message.files.length > 0 && (
            <Attachments files={message.files} onOpen={blockUnlessAllowed('view-post')} />
          )}

          <div className="mt-3 flex flex-wrap items-center gap-1.5">
            {message.tags.length > 0 && (
              <ul aria-label={t('card.tags')} className="flex flex-wrap gap-1.5">
                {message.tags.map((tag) => (
                  <li key={tag.id}>
                    <TagChip tag={tag} />
                  </li>
                ))}
              </ul>
            )}
            <button
              type="button"
              onClick={() => {
                if (allowed('tag')) onEditTags(message);
              }}
              className={actionClassName}
              data-action="tag"
              aria-label={tTriage('actions.tag.label')}
              aria-keyshortcuts={keysOf('tag')}
              title={tTriage('actions.tag.label')}
            >
              <TagIcon aria-hidden="true" className="size-3.5" />
            </button>
          </div>
        </div>
      </div>
      <CardActions
        message={message}
        replying={replying}
        replyButtonRef={replyButtonRef}
        onToggleReply={() => setReplying(!replying && allowed('reply'))}
        allowed={allowed}
        focused={focused}
        hidden={hidden}
        onHide={() => onHide(message)}
        onUnhide={() => onUnhide(message)}
      />
      {replying && (
        <LazyReplyBox
          message={message}
          onClose={() => {
            setReplying(false);
            replyButtonRef.current?.focus();
          }}
        />
      )}
    </article>
  );
}

/** Memoised: a filter change re-renders the list without redrawing cards whose props did not change. */
export const MessageCard = memo(MessageCardView);
