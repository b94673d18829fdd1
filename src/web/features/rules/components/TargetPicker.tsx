import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { platformNames } from '../../../../contract/messages.ts';
import type { RuleTarget } from '../../../../contract/rules.ts';
import { targetKey, targetName, type RuleNames } from '../lib/rule-summary.ts';

interface TargetPickerProps {
  legend: string;
  /** What the rule names now. */
  targets: readonly RuleTarget[];
  /** What can be added: those of the messages this tab holds. */
  known: readonly RuleTarget[];
  addLabel: string;
  names: RuleNames;
  onChange(targets: RuleTarget[]): void;
}

/** The channels, rooms or senders a rule names: each can be taken out, and one of the known ones added. */
export function TargetPicker({ legend, targets, known, addLabel, names, onChange }: TargetPickerProps) {
  const { t } = useTranslation('rules');
  const chosen = new Set(targets.map(targetKey));
  const addable = known.filter((target) => !chosen.has(targetKey(target)));
  const label = (target: RuleTarget) => `${platformNames[target.platform]} · ${targetName(target, names)}`;
  if (targets.length === 0 && addable.length === 0) return null;
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {targets.length > 0 && (
        <ul className="flex flex-wrap gap-1.5">
          {targets.map((target) => (
            <li
              key={targetKey(target)}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-sm"
            >
              {label(target)}
              <button
                type="button"
                className="rounded-full p-0.5 text-slate-600 hover:bg-slate-200"
                aria-label={t('editor.remove', { name: label(target) })}
                onClick={() => onChange(targets.filter((each) => targetKey(each) !== targetKey(target)))}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {addable.length > 0 && (
        <select
          aria-label={addLabel}
          className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm"
          value=""
          onChange={(event) => {
            const target = addable.find((each) => targetKey(each) === event.target.value);
            if (target) onChange([...targets, target]);
          }}
        >
          <option value="">{addLabel}</option>
          {addable.map((target) => (
            <option key={targetKey(target)} value={targetKey(target)}>
              {label(target)}
            </option>
          ))}
        </select>
      )}
    </fieldset>
  );
}
