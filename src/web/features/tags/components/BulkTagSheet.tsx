import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { TAG_LINKS_PER_USER_MAX, tagErrorCodes } from '../../../../contract/tags.ts';
import { BottomSheet } from '../../../components/ui/BottomSheet.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { tagName } from '../../../lib/tag-name.ts';
import { addMessageTag } from '../api/add-message-tag.ts';
import { tagsQueryOptions } from '../api/get-tags.ts';
import { removeMessageTag } from '../api/remove-message-tag.ts';
import type { TagChange } from '../lib/tag-changes.ts';
import { TagOption } from './TagOption.tsx';

interface BulkTagSheetProps {
  /** The selected messages; null when the sheet is closed. */
  messages: readonly UnifiedMessage[] | null;
  onClose(): void;
  /**
   * Runs after every change, saved or failed, with the messages it changed, so the list shows the messages' tags as
   * the server has them.
   */
  onChanged(change: TagChange): void;
}

/** Adds a tag to every selected message, or takes it off them all when they all carry it (SPEC §2). */
export function BulkTagSheet({ messages, onClose, onChanged }: BulkTagSheetProps) {
  const { t } = useTranslation('tags');
  const count = messages?.length ?? 0;
  return (
    <BottomSheet
      open={messages !== null}
      onClose={onClose}
      title={t('bulk.title', { count })}
      description={t('bulk.description')}
      footer={
        <Button size="sm" onClick={onClose}>
          {t('picker.done')}
        </Button>
      }
    >
      {messages && <BulkChoices messages={messages} onChanged={onChanged} />}
    </BottomSheet>
  );
}

function BulkChoices({
  messages,
  onChanged,
}: {
  messages: readonly UnifiedMessage[];
  onChanged(change: TagChange): void;
}) {
  const { t } = useTranslation('tags');
  const { showToast } = useToast();
  const tags = useQuery(tagsQueryOptions());
  /** After a change, whether every selected message carries the tag (the snapshot in `messages` is then stale). */
  const [settled, setSettled] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const [busy, setBusy] = useState<string | null>(null);

  if (tags.isPending) return <Spinner label={t('page.loading')} />;
  if (!tags.data) return <p className="py-4 text-red-700">{t('page.loadFailed')}</p>;
  if (tags.data.length === 0) return <p className="py-4 text-slate-600">{t('picker.empty')}</p>;

  const carries = (message: UnifiedMessage, tagId: string) =>
    settled.get(tagId) ?? message.tags.some((tag) => tag.id === tagId);
  const carriers = (tagId: string) => messages.filter((message) => carries(message, tagId)).length;

  const toggle = async (tagId: string, name: string) => {
    if (busy) return;
    const adding = carriers(tagId) < messages.length;
    setBusy(tagId);
    // Every message gets the request: one that already is as wanted answers 409 or 404, which count as done.
    const results = await Promise.allSettled(
      messages.map((message) => {
        const ref = { platform: message.platform, platform_message_id: message.platform_message_id };
        return adding ? addMessageTag(ref, tagId) : removeMessageTag(ref, tagId);
      }),
    );
    setBusy(null);
    onChanged({
      tagId,
      added: adding,
      // Those the request changed: it succeeded, and the message was not already as wanted.
      messages: messages
        .filter(
          (message, index) => results[index]!.status === 'fulfilled' && carries(message, tagId) !== adding,
        )
        .map((message) => ({ platform: message.platform, platform_message_id: message.platform_message_id })),
    });
    if (results.some((result) => result.status === 'rejected')) {
      setSettled((map) => {
        const next = new Map(map);
        next.delete(tagId);
        return next;
      });
      const overLimit = results.some(
        (result) =>
          result.status === 'rejected' &&
          result.reason instanceof ApiError &&
          result.reason.code === tagErrorCodes.linkLimit,
      );
      showToast(overLimit ? t('bulk.linkLimit', { max: TAG_LINKS_PER_USER_MAX }) : t('bulk.failed'), 'error');
      return;
    }
    setSettled((map) => new Map(map).set(tagId, adding));
    showToast(t(adding ? 'bulk.applied' : 'bulk.removed', { name, count: messages.length }), 'success');
  };

  return (
    <ul aria-label={t('bulk.listLabel')} className="space-y-0.5 pb-2">
      {tags.data.map((tag) => {
        const carrying = carriers(tag.id);
        return (
          <li key={tag.id}>
            <TagOption
              tag={tag}
              checked={carrying === messages.length}
              mixed={carrying > 0 && carrying < messages.length}
              busy={busy === tag.id}
              busyLabel={t('picker.saving')}
              onToggle={() => void toggle(tag.id, tagName(tag, currentLanguage()))}
            />
          </li>
        );
      })}
    </ul>
  );
}
