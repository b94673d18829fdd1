import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CalendarPlus, Ellipsis, ExternalLink, ListTodo, Reply } from 'lucide-react';
import type { MouseEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { useToast } from '../../../components/ui/use-toast.ts';
import type { GuardedAction } from '../lib/action-restrictions.ts';
import { HideButton } from './HideButton.tsx';

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
 * menu. Calendar events and Google tasks arrive with the Google integration; until then their items say so.
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
  const { showToast } = useToast();
  const platformName = t(`platforms.${message.platform}`);

  const viewPost = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!allowed('view-post')) event.preventDefault();
  };
  const comingSoon = () => {
    if (allowed('task')) showToast(t('card.googleComingSoon'), 'info', 5000);
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
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className={actionClassName}
          aria-label={t('card.more', { sender: message.sender.name })}
        >
          <Ellipsis aria-hidden="true" className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-40 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Item onSelect={comingSoon} className={menuItemClassName}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              <span className="flex-1">{t('card.addEvent')}</span>
              <ComingSoonBadge />
            </DropdownMenu.Item>
            <DropdownMenu.Item onSelect={comingSoon} className={menuItemClassName}>
              <ListTodo aria-hidden="true" className="size-4" />
              <span className="flex-1">{t('card.addTask')}</span>
              <ComingSoonBadge />
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}

function ComingSoonBadge() {
  const { t } = useTranslation('messages');
  return (
    <span className="rounded-full bg-amber-100 px-1.5 py-0.5 text-[0.6875rem] font-semibold text-amber-900">
      {t('card.comingSoon')}
    </span>
  );
}
