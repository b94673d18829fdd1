interface CheckboxGroupProps<T extends string> {
  legend: string;
  options: readonly { value: T; label: string }[];
  checked: readonly T[];
  onChange(checked: T[]): void;
  empty?: string;
}

/** A labelled group of checkboxes; `checked` keeps the options' order. */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  checked,
  onChange,
  empty,
}: CheckboxGroupProps<T>) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {options.length === 0 && empty && <p className="text-sm text-slate-600">{empty}</p>}
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={checked.includes(option.value)}
              onChange={(event) =>
                onChange(
                  options
                    .map(({ value }) => value)
                    .filter((value) =>
                      value === option.value ? event.target.checked : checked.includes(value),
                    ),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
