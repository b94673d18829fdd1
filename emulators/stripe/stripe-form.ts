/**
 * Stripe's form encoding, as the SDK writes it: `line_items[0][price]=…`, `expand[0]=…`, `metadata[key]=…`. The
 * emulator core parses bodies into flat key/value pairs; this turns them back into nested values (arrays where
 * every key is an index).
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function keyPath(key: string): string[] {
  const head = /^[^[]+/.exec(key)?.[0] ?? key;
  return [head, ...[...key.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '')];
}

function toArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([key, child]) => [key, toArrays(child)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key) || key === '')) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, child]) => child);
  }
  return Object.fromEntries(entries);
}

export function parseStripeForm(flat: Record<string, unknown>): FormObject {
  const root: FormObject = {};
  for (const [key, raw] of Object.entries(flat)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const [index, value] of values.entries()) {
      const path = keyPath(key).map((part) => (part === '' ? String(index) : part));
      let node: FormObject = root;
      for (const part of path.slice(0, -1)) {
        const next = node[part];
        if (typeof next !== 'object' || Array.isArray(next)) node[part] = {};
        node = node[part] as FormObject;
      }
      node[path.at(-1)!] = String(value);
    }
  }
  return toArrays(root) as FormObject;
}

export function formString(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function formStrings(value: FormValue | undefined): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  return Object.values(value).filter((item): item is string => typeof item === 'string');
}

export function formRecord(value: FormValue | undefined): Record<string, string> {
  if (typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
