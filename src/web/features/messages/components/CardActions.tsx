import { BellOff, CalendarPlus, ListTodo, Star } from 'lucide-react';
import { Suspense, useState, type MouseEvent, type Ref } from 'react';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { ActionMenu, type ActionMenuItem } from '../../../components/ui/ActionMenu.tsx';
import { ariaKeyShortcut } from '../../../lib/shortcut-keys.ts';
import { useCardRules } from '../actions/card-rules.ts';
import { messageActions } from '../actions/message-actions.ts';
import type { GuardedAction } from '../lib/action-restrictions.ts';
import { HideButton } from './HideButton.tsx';
import { AddEventDialog, AddTaskDialog } from './on-demand.ts';
import { TriageCardButtons } from './TriageCardButtons.tsx';
import { useRepeatedText } from '../../../lib/RepeatedTextScope.tsx';

interface CardActionsProps {
  message: UnifiedMessage;
  replying: boolean;
  replyButtonRef: Ref<HTMLButtonElement>;
  onToggleReply(): void;
  allowed(action: GuardedAction): boolean;
  /** The card the keyboard is on: its actions answer to their keys. */
  focused: boolean;
  hidden: boolean;
  onHide(): void;
  onUnhide(): void;
  /** Where the row of actions sits; a card's bottom edge unless told otherwise (a compact row's end). */
  className?: string;
}

const actionClassName =
  'inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * A card's actions in one row that fits a phone: reply, view post and check-and-hide, and the rest in a "More"
 * menu: a Google Calendar event or a Google Task made from the message, and the common rules made from it.
 */
export function CardActions({
  message,
  replying,
  replyButtonRef,
  onToggleReply,
  allowed,
  focused,
  hidden,
  onHide,
  onUnhide,
  className = 'mt-3 border-t border-slate-200/70 pt-2',
}: CardActionsProps) {
  const t = useRepeatedText('messages');
  const tTriage = useRepeatedText('triage');
  const { reply: replyAction, openOriginal } = messageActions;
  const keysOf = (keys: readonly string[]) => (focused ? ariaKeyShortcut(keys) : undefined);
  const [dialog, setDialog] = useState<'event' | 'task' | null>(null);
  const platformName = t(`platforms.${message.platform}`);
  const quickRule = useCardRules();
  const tRules = useRepeatedText('rules');

  const viewPost = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!allowed(openOriginal.guard)) event.preventDefault();
  };
  const open = (which: 'event' | 'task') => () => {
    if (allowed('task')) setDialog(which);
  };

  const moreItems: ActionMenuItem[] = [
    { id: 'event', label: t('card.addEvent'), icon: CalendarPlus, onSelect: open('event') },
    { id: 'task', label: t('card.addTask'), icon: ListTodo, onSelect: open('task') },
  ];
  if (quickRule) {
    moreItems.push(
      {
        id: 'mute-place',
        label: tRules('quick.mutePlace'),
        icon: BellOff,
        onSelect: () => quickRule('mute-place', message),
        separatorBefore: true,
      },
      {
        id: 'important-sender',
        label: tRules('quick.importantSender', { sender: message.sender.name }),
        icon: Star,
        onSelect: () => quickRule('important-sender', message),
      },
    );
  }

  return (
    <div
      role="group"
      aria-label={t('card.actions')}
      className={`flex flex-nowrap items-center gap-1 ${className}`}
    >
      <button
        ref={replyButtonRef}
        type="button"
        className={actionClassName}
        data-action="reply"
        aria-label={tTriage('actions.reply.card', { sender: message.sender.name })}
        aria-keyshortcuts={keysOf(replyAction.keys)}
        aria-expanded={replying}
        onClick={onToggleReply}
      >
        <replyAction.icon aria-hidden="true" className="size-3.5" />
        {tTriage('actions.reply.label')}
      </button>
      <a
        href={message.original_url}
        target="_blank"
        rel="noopener noreferrer"
        className={actionClassName}
        data-action="open-original"
        aria-label={tTriage('actions.openOriginal.card', { platform: platformName })}
        aria-keyshortcuts={keysOf(openOriginal.keys)}
        onClick={viewPost}
      >
        <openOriginal.icon aria-hidden="true" className="size-3.5" />
        <span className="max-sm:sr-only">{tTriage('actions.openOriginal.label')}</span>
      </a>
      {!hidden && <TriageCardButtons message={message} focused={focused} className={actionClassName} />}
      <HideButton
        sender={message.sender.name}
        hidden={hidden}
        keyShortcut={keysOf(messageActions.hide.keys)}
        onHide={onHide}
        onUnhide={onUnhide}
        className={actionClassName}
      />
      <ActionMenu
        label={t('card.more', { sender: message.sender.name })}
        triggerClassName={actionClassName}
        items={moreItems}
      />
      <Suspense fallback={null}>
        {dialog === 'event' && <AddEventDialog message={message} onClose={() => setDialog(null)} />}
        {dialog === 'task' && <AddTaskDialog message={message} onClose={() => setDialog(null)} />}
      </Suspense>
    </div>
  );
}
