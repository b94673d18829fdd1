import { ArrowLeft, ArrowRight, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ActionMenu, type ActionMenuItem } from '../../../components/ui/ActionMenu.tsx';

interface ViewOptionsMenuProps {
  name: string;
  canMoveLeft: boolean;
  canMoveRight: boolean;
  /** Defaults stay: they cannot be deleted. */
  canDelete: boolean;
  onRename(): void;
  onMove(offset: -1 | 1): void;
  onDelete(): void;
}

/** The active view's menu: rename, move one place left or right (the keyboard's way to reorder), delete. */
export function ViewOptionsMenu({
  name,
  canMoveLeft,
  canMoveRight,
  canDelete,
  onRename,
  onMove,
  onDelete,
}: ViewOptionsMenuProps) {
  const { t } = useTranslation('views');
  const items: ActionMenuItem[] = [
    { id: 'rename', label: t('options.rename'), icon: Pencil, onSelect: onRename },
    {
      id: 'move-left',
      label: t('options.moveLeft'),
      icon: ArrowLeft,
      onSelect: () => onMove(-1),
      disabled: !canMoveLeft,
    },
    {
      id: 'move-right',
      label: t('options.moveRight'),
      icon: ArrowRight,
      onSelect: () => onMove(1),
      disabled: !canMoveRight,
    },
  ];
  if (canDelete) items.push({ id: 'delete', label: t('options.delete'), icon: Trash2, onSelect: onDelete });
  return (
    <ActionMenu
      label={t('options.label', { name })}
      triggerClassName="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      items={items}
      widthClassName="min-w-52"
    />
  );
}
