import { memo, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { EXPIRY_WARNING_POSITION } from '../../../../contract/messages.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { toBcp47 } from '../../../lib/language.ts';
import { ariaKeyShortcut } from '../../../lib/shortcut-keys.ts';
import { declarationOf, messageActions, type MessageActionId } from '../actions/message-actions.ts';
import { useRelativeTimeText } from '../hooks/use-relative-time-text.ts';
import { useSearchMatch } from '../hooks/search-match-context.ts';
import { excerptAtFirstMatch, matchedSnippets } from '../lib/search-highlight.ts';
import { Maximize2, TriangleAlert } from 'lucide-react';
import { locationIcons, platformBadgeClassName } from '../lib/message-look.ts';
import { messagePlainText } from '../lib/message-plain-text.ts';
import { CardActions } from './CardActions.tsx';
import { marked } from './Marked.tsx';
import type { MessageCardProps } from './MessageCard.tsx';
import { LazyReplyBox } from './LazyReplyBox.tsx';
import { TagChip } from './TagChip.tsx';
import { HandledMarker } from './HandledMarker.tsx';
import { TypeBadges } from './TypeBadges.tsx';
import { useRepeatedText } from '../../../lib/RepeatedTextScope.tsx';

export interface MessageRowProps extends MessageCardProps {
  /** Shows this one message as a card (the row's expand button, or Enter on the focused row). */
  onExpand(id: string): void;
}

/**
 * A message in the compact density (decision 152): two lines — who, where, what kind and when; then the text on one
 * line and the tags — with the card's actions, shown on hover and focus and always reachable by keyboard.
 */
function MessageRowView({
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
  onExpand,
}: MessageRowProps) {
  const t = useRepeatedText('messages');
  const tTriage = useRepeatedText('triage');
  const headingId = useId();
  const [replying, setReplying] = useState(false);
  const replyButtonRef = useRef<HTMLButtonElement>(null);
  const keysOf = (action: MessageActionId) =>
    focused ? ariaKeyShortcut(declarationOf(action).keys) : undefined;
  const TagIcon = messageActions.tag.icon;
  const timeText = useRelativeTimeText(message.send_time, now);
  const platformName = t(`platforms.${message.platform}`);
  const expiring = message.position_index >= EXPIRY_WARNING_POSITION;
  const LocationIcon = locationIcons[message.location.type];
  const sentAt = new Date(message.send_time * 1000);
  const plainText = messagePlainText(message);
  const searchMatch = useSearchMatch(message.id);
  const marks = useMemo(() => matchedSnippets(plainText, searchMatch), [plainText, searchMatch]);
  const line = excerptAtFirstMatch(plainText, searchMatch);
  const account = t('accounts.accountLabel', {
    account: message.account_info.account_name ?? t('accounts.unknownAccount'),
    workspace: message.account_info.workspace_name ?? t('accounts.noWorkspace'),
  });

  const expandOnEnter = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onExpand(message.id);
    }
  };

  return (
    // The row itself takes Enter (to show the card) only while the keyboard is on it (j / k).
    <article
      aria-labelledby={headingId}
      data-message-id={message.id}
      data-density="compact"
      tabIndex={-1}
      aria-current={focused ? 'true' : undefined}
      onKeyDown={expandOnEnter}
      className={`group relative scroll-mt-20 px-2 py-0.5 transition-opacity duration-300 outline-none motion-reduce:transition-none ${
        focused ? 'ring-2 ring-indigo-600 ring-inset' : ''
      } ${expiring ? 'bg-red-50' : 'bg-white'} ${fading ? 'opacity-0' : hidden ? 'opacity-75' : ''}`}
    >
      <div className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={selected}
          onChange={() => onToggleSelected(message.id)}
          aria-label={tTriage('actions.select.card', { sender: message.sender.name })}
          aria-keyshortcuts={keysOf('select')}
          className="size-4 shrink-0 rounded border-slate-400 accent-indigo-600"
        />
        <div className="min-w-0 flex-1">
          <div className="flex h-5 min-w-0 items-center gap-2 text-xs">
            <span
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: accountColor }}
              title={account}
            >
              <span className="sr-only">{account}</span>
            </span>
            <span
              className={`shrink-0 rounded px-1 text-[11px] leading-4 font-bold text-white ${platformBadgeClassName[message.platform]}`}
              title={platformName}
            >
              <span aria-hidden="true">{t(`platformInitial.${message.platform}`)}</span>
              <span className="sr-only">{t('card.platform', { platform: platformName })}</span>
            </span>
            <h3
              id={headingId}
              className="max-w-[14rem] shrink-0 truncate text-sm leading-5 font-semibold text-slate-900"
            >
              {message.sender.name}
            </h3>
            <span className="inline-flex min-w-0 items-center gap-1 text-slate-600">
              <LocationIcon aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">
                {t(`card.location.${message.location.type}`, { name: message.location.name })}
              </span>
            </span>
            <TypeBadges
              message={message}
              activeTypes={activeTypes}
              onToggleType={onToggleType}
              className="shrink-0 flex-nowrap max-sm:hidden [&>button]:py-0 [&>button]:leading-4"
            />
            <HandledMarker messageId={message.id} className="py-0 leading-4" />
            {expiring && (
              <button
                type="button"
                onClick={() => onShowExpiry(message)}
                className="shrink-0 rounded-md p-0.5 text-red-700 hover:bg-red-100"
                aria-label={t('card.expiring')}
                title={t('card.expiring')}
              >
                <TriangleAlert aria-hidden="true" className="size-3.5" />
              </button>
            )}
            <time
              dateTime={sentAt.toISOString()}
              title={sentAt.toLocaleString(toBcp47(currentLanguage()))}
              className="ml-auto shrink-0 whitespace-nowrap text-slate-600"
            >
              {timeText}
            </time>
          </div>
          <div className="flex h-5 min-w-0 items-center gap-2">
            <p className="min-w-0 flex-1 truncate text-sm leading-5 text-slate-800">
              {marked(line, marks, 0)}
            </p>
            {message.tags.length > 0 && (
              <ul aria-label={t('card.tags')} className="flex shrink-0 gap-1 max-sm:hidden">
                {message.tags.slice(0, 3).map((tag) => (
                  <li key={tag.id} className="[&>span]:py-0 [&>span]:leading-4">
                    <TagChip tag={tag} />
                  </li>
                ))}
                {message.tags.length > 3 && (
                  <li className="text-xs text-slate-600">+{message.tags.length - 3}</li>
                )}
              </ul>
            )}
          </div>
        </div>
      </div>
      {/* The actions: over the row's end on hover and focus, in the tab order always. */}
      <div
        className={`absolute top-1/2 right-1 flex -translate-y-1/2 items-center gap-0.5 rounded-md bg-white/95 shadow-sm ring-1 ring-slate-200 group-focus-within:opacity-100 group-hover:opacity-100 max-sm:static max-sm:mt-1 max-sm:translate-y-0 max-sm:opacity-100 max-sm:shadow-none max-sm:ring-0 ${
          focused || replying ? 'opacity-100' : 'opacity-0'
        }`}
      >
        <button
          type="button"
          onClick={() => {
            if (allowed('tag')) onEditTags(message);
          }}
          className="inline-flex items-center rounded-md px-2 py-1.5 text-slate-700 hover:bg-slate-100"
          data-action="tag"
          aria-label={tTriage('actions.tag.label')}
          aria-keyshortcuts={keysOf('tag')}
          title={tTriage('actions.tag.label')}
        >
          <TagIcon aria-hidden="true" className="size-3.5" />
        </button>
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
          className=""
        />
        <button
          type="button"
          onClick={() => onExpand(message.id)}
          className="inline-flex items-center rounded-md px-2 py-1.5 text-slate-700 hover:bg-slate-100"
          aria-label={t('density.expand', { sender: message.sender.name })}
          aria-keyshortcuts={focused ? 'Enter' : undefined}
          title={t('density.expandShort')}
        >
          <Maximize2 aria-hidden="true" className="size-3.5" />
        </button>
      </div>
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

/** Memoised like the card: a filter change redraws only the rows whose props changed. */
export const MessageRow = memo(MessageRowView);
