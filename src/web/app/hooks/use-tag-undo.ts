import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { writeMessageTags } from '../../features/tags/api/write-message-tags.ts';
import { writesUndoing, type TagChange } from '../../features/tags/lib/tag-changes.ts';
import type { UndoApi } from '../../lib/use-undo-stack.ts';

/**
 * Tag changes made in a tag sheet, undoable as one: `record` each saved change while the sheet is open, `finish`
 * when it closes. The undo puts back exactly the tags the messages had when the sheet opened.
 */
export function useTagUndo(undo: UndoApi, reloadMessages: () => void) {
  const { t } = useTranslation('tags');
  const { push } = undo;
  const changes = useRef<TagChange[]>([]);

  const record = useCallback(
    (change: TagChange) => {
      changes.current.push(change);
      reloadMessages();
    },
    [reloadMessages],
  );

  const finish = useCallback(() => {
    const writes = writesUndoing(changes.current);
    changes.current = [];
    if (writes.length === 0) return;
    push({
      label: t('undo.changed'),
      undoneLabel: t('undo.undone'),
      undo: async () => {
        try {
          await writeMessageTags(writes);
        } finally {
          reloadMessages();
        }
      },
    });
  }, [push, reloadMessages, t]);

  return { record, finish };
}
