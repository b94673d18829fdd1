import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TagStatistic } from '../../../../contract/tags.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { tagName } from '../../../lib/tag-name.ts';
import { focusOnMount } from '../../../lib/focus-on-mount.ts';

interface TagListItemProps {
  statistic: TagStatistic;
  readOnly: boolean;
  /** Focus the edit button when shown, as its edit form has just closed. */
  focusEdit: boolean;
  onEdit(): void;
  onDelete(): void;
}

const iconButtonClassName =
  'rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50';

/** A tag on the tags page: colour, name, description and how many messages carry it. */
export function TagListItem({
  statistic: { tag, total },
  readOnly,
  focusEdit,
  onEdit,
  onDelete,
}: TagListItemProps) {
  const { t } = useTranslation('tags');
  const name = tagName(tag, currentLanguage());
  return (
    <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <span
        aria-hidden="true"
        className="mt-1.5 size-3 shrink-0 rounded-full"
        style={{ backgroundColor: tag.color }}
      />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold break-words text-slate-900">{name}</h2>
        {tag.description && <p className="mt-0.5 text-sm break-words text-slate-600">{tag.description}</p>}
        <p className="mt-1 text-xs text-slate-600">{t('page.messageCount', { count: total })}</p>
      </div>
      <button
        type="button"
        className={iconButtonClassName}
        aria-label={t('page.edit', { name })}
        title={t('page.edit', { name })}
        disabled={readOnly}
        ref={focusEdit ? focusOnMount : undefined}
        onClick={onEdit}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        className={iconButtonClassName}
        aria-label={t('page.delete', { name })}
        title={t('page.delete', { name })}
        disabled={readOnly}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
