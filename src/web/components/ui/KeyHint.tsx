import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { keystrokeLabel, type KeySequence } from '../../lib/shortcut-keys.ts';

const kbdClassName =
  'inline-flex min-w-6 items-center justify-center rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800 shadow-[0_1px_0_rgb(203_213_225)]';

/** A shortcut as keycaps: "g then i" for a sequence, "Ctrl K" (or "⌘ K") for a chord. */
export function KeyHint({ keys }: { keys: KeySequence }) {
  const { t } = useTranslation('ui');
  return (
    <span className="inline-flex items-center gap-1 text-xs text-slate-600">
      {keys.map((key, index) => (
        <Fragment key={`${index}-${key}`}>
          {index > 0 && <span> {t('shortcuts.then')} </span>}
          <kbd className="inline-flex gap-0.5">
            {keystrokeLabel(key).map((part) => (
              <kbd key={part} className={kbdClassName}>
                {part}
              </kbd>
            ))}
          </kbd>
        </Fragment>
      ))}
    </span>
  );
}
