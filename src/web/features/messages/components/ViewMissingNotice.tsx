import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { hasMissing, type MissingReferences } from '../lib/saved-view-filters.ts';

/** Says what the active view names that is gone, and that it shows what the rest of its filters choose. */
export function ViewMissingNotice({ missing }: { missing: MissingReferences }) {
  const { t } = useTranslation('views');
  if (!hasMissing(missing)) return null;
  return (
    <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {missing.tag && `${t('missing.tag')} `}
        {missing.connections > 0 && `${t('missing.connections', { count: missing.connections })} `}
        {t('missing.rest')}
      </span>
    </p>
  );
}
