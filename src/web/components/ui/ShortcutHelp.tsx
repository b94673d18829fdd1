import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeySequence } from '../../lib/shortcut-keys.ts';
import { Dialog } from './Dialog.tsx';
import { KeyHint } from './KeyHint.tsx';

export interface ShortcutHelpGroup {
  id: string;
  title: string;
  items: readonly { id: string; label: string; keys: KeySequence }[];
}

interface ShortcutHelpProps {
  open: boolean;
  onClose(): void;
  groups: readonly ShortcutHelpGroup[];
}

/** The keyboard shortcuts, by group, in a modal dialog ("?"). */
export function ShortcutHelp({ open, onClose, groups }: ShortcutHelpProps) {
  const { t } = useTranslation('ui');
  const idPrefix = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('shortcuts.title')}
      description={t('shortcuts.description')}
      scrollableByKeyboard
    >
      <div className="grid gap-5 pb-1 sm:grid-cols-2">
        {groups.map((group) => (
          <section key={group.id} aria-labelledby={`${idPrefix}-${group.id}`}>
            <h3 id={`${idPrefix}-${group.id}`} className="mb-2 text-sm font-semibold text-slate-900">
              {group.title}
            </h3>
            <dl className="space-y-1.5">
              {group.items.map((item) => (
                <div key={item.id} className="flex items-center justify-between gap-3">
                  <dt className="text-slate-700">{item.label}</dt>
                  <dd className="shrink-0">
                    <KeyHint keys={item.keys} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
