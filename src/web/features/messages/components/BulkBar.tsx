import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { messageActions, selectionActionIds, type MessageActionId } from '../actions/message-actions.ts';

interface BulkBarProps {
  count: number;
  /** Runs an action on the selection: one button for each action the registry says applies to one. */
  onRun(id: MessageActionId): void;
  onClear(): void;
}

/** What can be done with the selected messages; shown while at least one is selected. */
export function BulkBar({ count, onRun, onClear }: BulkBarProps) {
  const { t } = useTranslation('messages');
  const { t: tTriage } = useTranslation('triage');
  return (
    <div
      role="group"
      aria-label={t('list.selectedCount', { count })}
      className="flex flex-wrap items-center gap-2 rounded-lg bg-indigo-50 px-4 py-2 text-sm text-indigo-900"
    >
      <span className="mr-auto">{t('list.selectedCount', { count })}</span>
      {selectionActionIds.map((id) => {
        const Icon = messageActions[id].icon;
        return (
          <Button key={id} variant="secondary" size="sm" onClick={() => onRun(id)}>
            <Icon aria-hidden="true" className="size-4" />
            {tTriage(`actions.${id}.bulk` as const)}
          </Button>
        );
      })}
      <Button variant="ghost" size="sm" onClick={onClear}>
        {tTriage('actions.clearSelection.label')}
      </Button>
    </div>
  );
}
