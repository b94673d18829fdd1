import type { LucideIcon } from 'lucide-react';
import { Ellipsis } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import type { ActionMenuPopup } from './ActionMenuPopup.tsx';

export interface ActionMenuItem {
  id: string;
  label: string;
  icon: LucideIcon;
  onSelect(): void;
  disabled?: boolean;
  /** A line above the item, between groups. */
  separatorBefore?: boolean;
}

interface ActionMenuProps {
  /** The button's accessible name. */
  label: string;
  triggerClassName: string;
  items: readonly ActionMenuItem[];
  /** The popup's least width, a Tailwind class. */
  widthClassName?: string;
}

let loadedPopup: typeof ActionMenuPopup | null = null;
const loadPopup = () =>
  import('./ActionMenuPopup.tsx').then((module) => {
    loadedPopup = module.ActionMenuPopup;
    return module.ActionMenuPopup;
  });

/**
 * A "More" button with a menu of actions. Until it is first opened — by click, Enter, Space or ArrowDown, as a menu
 * button opens — it is a plain button: twenty cards each mounting a menu cost a phone most of a page change, and the
 * menu's code (Radix's menu and its positioning) loads only when a menu is first wanted, fetched as the pointer or
 * focus reaches a button (docs/decisions/169). Then it is Radix's menu, open, in the button's place: focus moves
 * into it and returns to the button when it closes.
 */
export function ActionMenu({ label, triggerClassName, items, widthClassName = 'min-w-56' }: ActionMenuProps) {
  const [Popup, setPopup] = useState<typeof ActionMenuPopup | null>(null);
  const [open, setOpen] = useState(false);

  if (!Popup) {
    const openMenu = () => {
      void loadPopup().then((loaded) => {
        setPopup(() => loaded);
        setOpen(true);
      });
    };
    const openOnArrow = (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== 'ArrowDown') return;
      event.preventDefault();
      openMenu();
    };
    // Only fetching ahead: if it fails (a dropped connection), the click asks again.
    const loadAhead = () => {
      if (!loadedPopup) loadPopup().catch(() => undefined);
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
        onPointerEnter={loadAhead}
        onFocus={loadAhead}
      >
        <Ellipsis aria-hidden="true" className="size-4" />
      </button>
    );
  }

  return (
    <Popup
      open={open}
      onOpenChange={setOpen}
      label={label}
      triggerClassName={triggerClassName}
      items={items}
      widthClassName={widthClassName}
    />
  );
}
