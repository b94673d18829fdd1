import type { ReactNode } from 'react';

interface FilterButtonProps {
  pressed: boolean;
  onClick(): void;
  children: ReactNode;
  /** A connection's colour, shown as a dot. */
  color?: string;
}

/** A toggle in the list header: a real button with aria-pressed, so it works from the keyboard and reads right. */
export function FilterButton({ pressed, onClick, children, color }: FilterButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors ${
        pressed
          ? 'border-indigo-600 bg-indigo-600 text-white'
          : 'border-slate-300 bg-white text-slate-800 hover:border-indigo-300 hover:bg-indigo-50'
      }`}
    >
      {color && (
        <span
          aria-hidden="true"
          className="size-2.5 rounded-full ring-1 ring-white"
          style={{ backgroundColor: color }}
        />
      )}
      {children}
    </button>
  );
}
