import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function byLanguage(language: string): Map<string, Record<string, unknown>> {
  const prefix = `./${language}/`;
  return new Map(
    Object.entries(files)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, content]) => [path.slice(prefix.length), content]),
  );
}

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  if (typeof value !== 'object' || value === null) return new Map([[prefix, value]]);
  return new Map(
    Object.entries(value).flatMap(([key, child]) => [...flatten(child, prefix ? `${prefix}.${key}` : key)]),
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

const en = byLanguage('en');
const jp = byLanguage('jp');

describe('locale files', () => {
  it('have the same namespaces in en and jp', () => {
    expect(en.size).toBeGreaterThan(0);
    expect([...jp.keys()].sort()).toEqual([...en.keys()].sort());
  });

  describe.each([...en.keys()])('%s', (namespace) => {
    const enEntries = flatten(en.get(namespace));
    const jpEntries = flatten(jp.get(namespace));

    it('has exactly the same keys in en and jp', () => {
      expect([...jpEntries.keys()].sort()).toEqual([...enEntries.keys()].sort());
    });

    it('has only non-empty string values', () => {
      for (const [key, value] of [...enEntries, ...jpEntries]) {
        expect(typeof value === 'string' && value.trim().length > 0, `${namespace}:${key}`).toBe(true);
      }
    });

    it('uses the same interpolation placeholders in en and jp', () => {
      for (const [key, value] of enEntries) {
        expect(placeholders(String(jpEntries.get(key))), `${namespace}:${key}`).toEqual(
          placeholders(String(value)),
        );
      }
    });
  });
});
