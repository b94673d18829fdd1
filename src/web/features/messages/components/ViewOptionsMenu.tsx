import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowLeft, ArrowRight, Ellipsis, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const itemClassName =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[disabled]:cursor-default data-[disabled]:text-slate-400';

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
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        aria-label={t('options.label', { name })}
      >
        <Ellipsis aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-40 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item onSelect={onRename} className={itemClassName}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('options.rename')}
          </DropdownMenu.Item>
          <DropdownMenu.Item disabled={!canMoveLeft} onSelect={() => onMove(-1)} className={itemClassName}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('options.moveLeft')}
          </DropdownMenu.Item>
          <DropdownMenu.Item disabled={!canMoveRight} onSelect={() => onMove(1)} className={itemClassName}>
            <ArrowRight aria-hidden="true" className="size-4" />
            {t('options.moveRight')}
          </DropdownMenu.Item>
          {canDelete && (
            <DropdownMenu.Item onSelect={onDelete} className={itemClassName}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('options.delete')}
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
