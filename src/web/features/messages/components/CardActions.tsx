import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CalendarPlus, ExternalLink, ListTodo, Reply } from 'lucide-react';
import { useState, type MouseEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import type { GuardedAction } from '../lib/action-restrictions.ts';
import { AddEventDialog, AddTaskDialog } from './GoogleActionDialogs.tsx';
import { HideButton } from './HideButton.tsx';
import { MoreMenu } from './MoreMenu.tsx';

interface CardActionsProps {
  message: UnifiedMessage;
  replying: boolean;
  replyButtonRef: Ref<HTMLButtonElement>;
  onToggleReply(): void;
  allowed(action: GuardedAction): boolean;
  hidden: boolean;
  onHide(): void;
  onUnhide(): void;
}

const actionClassName =
  'inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50';

const menuItemClassName =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';

/**
 * A card's actions in one row that fits a phone: reply, view post and check-and-hide, and the rest in a "More"
 * menu: a Google Calendar event or a Google Task made from the message.
 */
export function CardActions({
  message,
  replying,
  replyButtonRef,
  onToggleReply,
  allowed,
  hidden,
  onHide,
  onUnhide,
}: CardActionsProps) {
  const { t } = useTranslation('messages');
  const [dialog, setDialog] = useState<'event' | 'task' | null>(null);
  const platformName = t(`platforms.${message.platform}`);

  const viewPost = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!allowed('view-post')) event.preventDefault();
  };
  const open = (which: 'event' | 'task') => () => {
    if (allowed('task')) setDialog(which);
  };

  return (
    <div
      role="group"
      aria-label={t('card.actions')}
      className="mt-3 flex flex-nowrap items-center gap-1 border-t border-slate-200/70 pt-2"
    >
      <button
        ref={replyButtonRef}
        type="button"
        className={actionClassName}
        aria-label={t('card.replyTo', { sender: message.sender.name })}
        aria-expanded={replying}
        onClick={onToggleReply}
      >
        <Reply aria-hidden="true" className="size-3.5" />
        {t('card.reply')}
      </button>
      <a
        href={message.original_url}
        target="_blank"
        rel="noopener noreferrer"
        className={actionClassName}
        aria-label={t('card.viewPostOn', { platform: platformName })}
        onClick={viewPost}
      >
        <ExternalLink aria-hidden="true" className="size-3.5" />
        <span className="max-sm:sr-only">{t('card.viewPost')}</span>
      </a>
      <HideButton
        sender={message.sender.name}
        hidden={hidden}
        onHide={onHide}
        onUnhide={onUnhide}
        className={actionClassName}
      />
      <MoreMenu label={t('card.more', { sender: message.sender.name })} triggerClassName={actionClassName}>
        <DropdownMenu.Item onSelect={open('event')} className={menuItemClassName}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          <span className="flex-1">{t('card.addEvent')}</span>
        </DropdownMenu.Item>
        <DropdownMenu.Item onSelect={open('task')} className={menuItemClassName}>
          <ListTodo aria-hidden="true" className="size-4" />
          <span className="flex-1">{t('card.addTask')}</span>
        </DropdownMenu.Item>
      </MoreMenu>
      {dialog === 'event' && <AddEventDialog message={message} onClose={() => setDialog(null)} />}
      {dialog === 'task' && <AddTaskDialog message={message} onClose={() => setDialog(null)} />}
    </div>
  );
}
