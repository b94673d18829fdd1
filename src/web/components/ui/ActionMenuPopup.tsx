import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ellipsis } from 'lucide-react';
import { Fragment } from 'react';
import type { ActionMenuItem } from './ActionMenu.tsx';

const itemClassName =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[disabled]:cursor-default data-[disabled]:text-slate-400';

interface ActionMenuPopupProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  label: string;
  triggerClassName: string;
  items: readonly ActionMenuItem[];
  widthClassName: string;
}

/** `ActionMenu` once its code is wanted: Radix's menu button and menu, loaded on their own. */
export function ActionMenuPopup({
  open,
  onOpenChange,
  label,
  triggerClassName,
  items,
  widthClassName,
}: ActionMenuPopupProps) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger className={triggerClassName} aria-label={label}>
        <Ellipsis aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className={`z-40 ${widthClassName} rounded-lg border border-slate-200 bg-white p-1 shadow-lg`}
        >
          {items.map(({ id, label: itemLabel, icon: Icon, onSelect, disabled, separatorBefore }) => (
            <Fragment key={id}>
              {separatorBefore && <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />}
              <DropdownMenu.Item disabled={disabled} onSelect={onSelect} className={itemClassName}>
                <Icon aria-hidden="true" className="size-4" />
                <span className="flex-1">{itemLabel}</span>
              </DropdownMenu.Item>
            </Fragment>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
