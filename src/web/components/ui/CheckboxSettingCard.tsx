import { useId } from 'react';

/** An account-page card holding one setting that saves as soon as its checkbox changes, with a line explaining it. */
export function CheckboxSettingCard({
  titleId,
  title,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  titleId: string;
  title: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <label className="mt-4 flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0 rounded border-slate-400 accent-indigo-600"
          checked={checked}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          <span className="font-medium text-slate-900">{label}</span>
          <span id={hintId} className="mt-1 block text-sm text-slate-600">
            {hint}
          </span>
        </span>
      </label>
    </section>
  );
}
