import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ellipsis } from 'lucide-react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';

interface MoreMenuProps {
  label: string;
  triggerClassName: string;
  /** The menu's items (`DropdownMenu.Item`s), rendered only while the menu is open. */
  children: ReactNode;
}

/**
 * A card's "More" menu. Twenty cards each mounting a Radix menu cost a phone most of a page change, and few
 * cards are ever asked for more, so a card shows a plain button until its menu is first opened — by click, Enter,
 * Space or ArrowDown, as Radix's own trigger — and only then mounts the menu, open, in its place. From then on
 * it is Radix's menu: focus moves into it and returns to the button when it closes.
 */
export function MoreMenu({ label, triggerClassName, children }: MoreMenuProps) {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);

  const icon = <Ellipsis aria-hidden="true" className="size-4" />;

  if (!mounted) {
    const openMenu = () => {
      setMounted(true);
      setOpen(true);
    };
    const openOnArrow = (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== 'ArrowDown') return;
      event.preventDefault();
      openMenu();
    };
    return (
      <button
        type="button"
        className={triggerClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={openMenu}
        onKeyDown={openOnArrow}
      >
        {icon}
      </button>
    );
  }

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger className={triggerClassName} aria-label={label}>
        {icon}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-40 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
