import { LoaderCircle } from 'lucide-react';
import type { Tag } from '../../../../contract/messages.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { tagName } from '../../../lib/tag-name.ts';

interface TagOptionProps {
  tag: Tag;
  checked: boolean;
  /** Some of the messages carry the tag (bulk tagging). */
  mixed?: boolean;
  busy: boolean;
  busyLabel: string;
  onToggle(): void;
}

/** One tag in a sheet: a checkbox with the tag's colour and name, and a spinner while its change is saving. */
export function TagOption({ tag, checked, mixed = false, busy, busyLabel, onToggle }: TagOptionProps) {
  return (
    <div className="flex items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
      <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 py-2.5">
        <input
          type="checkbox"
          checked={checked}
          ref={(input) => {
            if (input) input.indeterminate = mixed;
          }}
          onChange={onToggle}
          className="size-4 rounded border-slate-400 accent-indigo-600"
        />
        <span
          aria-hidden="true"
          className="size-3 shrink-0 rounded-full"
          style={{ backgroundColor: tag.color }}
        />
        <span className="min-w-0 flex-1 truncate text-slate-900">{tagName(tag, currentLanguage())}</span>
      </label>
      {busy && (
        <span role="status">
          <LoaderCircle
            aria-hidden="true"
            className="size-4 animate-spin text-indigo-600 motion-reduce:animate-none"
          />
          <span className="sr-only">{busyLabel}</span>
        </span>
      )}
    </div>
  );
}
