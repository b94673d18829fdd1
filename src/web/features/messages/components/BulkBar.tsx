import { EyeOff, Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';

interface BulkBarProps {
  count: number;
  onClear(): void;
  onHide(): void;
  onTag(): void;
}

/** What can be done with the selected messages; shown while at least one is selected. */
export function BulkBar({ count, onClear, onHide, onTag }: BulkBarProps) {
  const { t } = useTranslation('messages');
  const { t: tHiding } = useTranslation('hiding');
  const { t: tTags } = useTranslation('tags');
  return (
    <div
      role="group"
      aria-label={t('list.selectedCount', { count })}
      className="flex flex-wrap items-center gap-2 rounded-lg bg-indigo-50 px-4 py-2 text-sm text-indigo-900"
    >
      <span className="mr-auto">{t('list.selectedCount', { count })}</span>
      <Button variant="secondary" size="sm" onClick={onTag}>
        <Tags aria-hidden="true" className="size-4" />
        {tTags('bulk.open')}
      </Button>
      <Button variant="secondary" size="sm" onClick={onHide}>
        <EyeOff aria-hidden="true" className="size-4" />
        {tHiding('bulkHide')}
      </Button>
      <Button variant="ghost" size="sm" onClick={onClear}>
        {t('list.clearSelection')}
      </Button>
    </div>
  );
}
