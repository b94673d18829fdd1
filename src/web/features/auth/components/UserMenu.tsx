import { ListFilter, LogOut, MonitorX, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout, useLogoutEverywhere } from '../api/logout.ts';
import { useAuth } from '../hooks/use-auth.ts';

const itemClassName =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 disabled:opacity-60';

const menuItemsOf = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/** A WAI-ARIA menu button: arrow keys move between items, Escape closes and returns focus to the button. */
export function UserMenu() {
  const { t } = useTranslation('userMenu');
  const { user } = useAuth();
  const logout = useLogout();
  const logoutEverywhere = useLogoutEverywhere();
  const signingOut = logout.isPending || logoutEverywhere.isPending;
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const greetingId = useId();

  useEffect(() => {
    if (!open) return;
    menuItemsOf(menuRef.current)[0]?.focus();
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && containerRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  if (!user) return null;

  const closeAndFocusButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const handleButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const handleMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItemsOf(menuRef.current);
    const current = items.findIndex((item) => item === document.activeElement);
    const focusAt = (index: number) => items.at(index % items.length)?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        closeAndFocusButton();
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(-1);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const initial = Array.from(user.name.trim() || user.email)[0]?.toUpperCase();

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('open', { name: user.name })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={handleButtonKeyDown}
        className="grid size-9 place-items-center rounded-full bg-indigo-600 font-semibold text-white hover:bg-indigo-700"
      >
        {initial}
      </button>
      {open && (
        <div className="absolute right-0 z-40 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          <div className="border-b border-slate-100 px-3 pt-1 pb-3">
            <p id={greetingId} className="font-semibold text-slate-900">
              {t('greeting', { name: user.name })}
            </p>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
          </div>
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={greetingId}
            onKeyDown={handleMenuKeyDown}
            className="pt-2"
          >
            <Link
              to="/account"
              role="menuitem"
              tabIndex={-1}
              className={itemClassName}
              onClick={closeAndFocusButton}
            >
              <UserRound aria-hidden="true" className="size-4" />
              {t('account')}
            </Link>
            <Link
              to="/rules"
              role="menuitem"
              tabIndex={-1}
              className={itemClassName}
              onClick={closeAndFocusButton}
            >
              <ListFilter aria-hidden="true" className="size-4" />
              {t('rules')}
            </Link>
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={itemClassName}
              disabled={signingOut}
              onClick={() => logout.mutate()}
            >
              <LogOut aria-hidden="true" className="size-4" />
              {t('logout')}
            </button>
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={itemClassName}
              disabled={signingOut}
              onClick={() => logoutEverywhere.mutate()}
            >
              <MonitorX aria-hidden="true" className="size-4" />
              {t('logoutEverywhere')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
