import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { TAG_LINKS_PER_USER_MAX, tagErrorCodes } from '../../../../contract/tags.ts';
import { BottomSheet } from '../../../components/ui/BottomSheet.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { addMessageTag } from '../api/add-message-tag.ts';
import { messageTagsQueryOptions } from '../api/get-message-tags.ts';
import { tagsQueryOptions } from '../api/get-tags.ts';
import { removeMessageTag } from '../api/remove-message-tag.ts';
import type { TagChange } from '../lib/tag-changes.ts';
import { TagOption } from './TagOption.tsx';

interface TagPickerSheetProps {
  /** The message whose tags are edited; null when the sheet is closed. */
  message: UnifiedMessage | null;
  onClose(): void;
  /** Runs after every saved change, with what it changed, so the list shows the message's new tags. */
  onChanged(change: TagChange): void;
}

/**
 * The tag picker for one message (SPEC §2, §4): each tag toggles at once (optimistically) with a spinner while it
 * saves; a failure puts the tick back, and a server fault also reloads the message's tags.
 */
export function TagPickerSheet({ message, onClose, onChanged }: TagPickerSheetProps) {
  const { t } = useTranslation('tags');
  return (
    <BottomSheet
      open={message !== null}
      onClose={onClose}
      title={t('picker.title')}
      description={message ? t('picker.description', { sender: message.sender.name }) : undefined}
      footer={
        <>
          <Link to="/tags" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
            {t('manage')}
          </Link>
          <Button size="sm" onClick={onClose}>
            {t('picker.done')}
          </Button>
        </>
      }
    >
      {message && <TagChoices key={message.id} message={message} onChanged={onChanged} />}
    </BottomSheet>
  );
}

function TagChoices({ message, onChanged }: { message: UnifiedMessage; onChanged(change: TagChange): void }) {
  const { t } = useTranslation('tags');
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const tags = useQuery(tagsQueryOptions());
  const messageTagsQuery = messageTagsQueryOptions(message.platform, message.platform_message_id);
  const current = useQuery(messageTagsQuery);
  /** Ticks shown before the server confirmed them, by tag id. */
  const [optimistic, setOptimistic] = useState<ReadonlyMap<string, boolean>>(() => new Map());

  if (tags.isPending || current.isPending) return <Spinner label={t('page.loading')} />;
  if (!tags.data || !current.data) return <p className="py-4 text-red-700">{t('page.loadFailed')}</p>;
  if (tags.data.length === 0) return <p className="py-4 text-slate-600">{t('picker.empty')}</p>;

  const carried = new Set(current.data.map((tag) => tag.id));
  const isChecked = (tagId: string) => optimistic.get(tagId) ?? carried.has(tagId);
  const settle = (tagId: string) =>
    setOptimistic((map) => {
      const next = new Map(map);
      next.delete(tagId);
      return next;
    });

  const toggle = async (tagId: string) => {
    if (optimistic.has(tagId)) return;
    const wanted = !isChecked(tagId);
    setOptimistic((map) => new Map(map).set(tagId, wanted));
    const ref = { platform: message.platform, platform_message_id: message.platform_message_id };
    try {
      await (wanted ? addMessageTag(ref, tagId) : removeMessageTag(ref, tagId));
      onChanged({ tagId, added: wanted, messages: [ref] });
    } catch (error) {
      const overLimit = error instanceof ApiError && error.code === tagErrorCodes.linkLimit;
      showToast(
        overLimit ? t('picker.linkLimit', { max: TAG_LINKS_PER_USER_MAX }) : t('picker.failed'),
        'error',
      );
      if (!(error instanceof ApiError) || error.statusCode < 500) {
        settle(tagId);
        return;
      }
    }
    await queryClient.invalidateQueries({ queryKey: messageTagsQuery.queryKey });
    settle(tagId);
  };

  return (
    <ul aria-label={t('picker.listLabel')} className="space-y-0.5 pb-2">
      {tags.data.map((tag) => (
        <li key={tag.id}>
          <TagOption
            tag={tag}
            checked={isChecked(tag.id)}
            busy={optimistic.has(tag.id)}
            busyLabel={t('picker.saving')}
            onToggle={() => void toggle(tag.id)}
          />
        </li>
      ))}
    </ul>
  );
}
