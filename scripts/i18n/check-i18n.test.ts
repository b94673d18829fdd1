import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkComponentSource, checkI18n, checkJapaneseGuides, checkLocales } from './check-i18n.ts';

const messages = (source: string) =>
  checkComponentSource('Page.tsx', source).map(({ line, message }) => `${line}: ${message}`);

describe('checkComponentSource', () => {
  it('reports literal text children and read attributes', () => {
    expect(
      messages(`export function Page() {
  return (
    <div title="Tooltip">
      Hello there
      <img alt="A cat" src="cat.png" />
      <input placeholder={'Your name'} aria-label="Name" />
      {'Literal child'}
      <>Fragment text</>
    </div>
  );
}`),
    ).toEqual([
      '3: title="Tooltip" is not translated',
      '4: text "Hello there" is not translated',
      '5: alt="A cat" is not translated',
      '6: placeholder="Your name" is not translated',
      '6: aria-label="Name" is not translated',
      '7: text "Literal child" is not translated',
      '8: text "Fragment text" is not translated',
    ]);
  });

  it('accepts translated text, symbols, numbers and attributes nobody reads', () => {
    expect(
      messages(`export function Page({ t, count }) {
  return (
    <div className="flex gap-2" data-testid="page" aria-hidden="true">
      {t('title')} · {count} / 20 — ({count})
      <input placeholder={t('name')} type="email" autoComplete="name" />
      <img alt="" src="x.png" />
    </div>
  );
}`),
    ).toEqual([]);
  });

  it('reports Japanese literals too', () => {
    expect(messages('export const A = () => <p>こんにちは</p>;')).toEqual([
      '1: text "こんにちは" is not translated',
    ]);
  });
});

describe('checkLocales', () => {
  function localesWith(en: object, jp: object, extra?: { language: string; name: string }) {
    const dir = mkdtempSync(path.join(tmpdir(), 'matome-locales-'));
    for (const [language, content] of [
      ['en', en],
      ['jp', jp],
    ] as const) {
      mkdirSync(path.join(dir, language));
      writeFileSync(path.join(dir, language, 'common.json'), JSON.stringify(content));
    }
    if (extra) writeFileSync(path.join(dir, extra.language, extra.name), '{"a":"b"}');
    return dir;
  }

  it('reports a key missing in either language, an empty value and a namespace only one language has', () => {
    const dir = localesWith(
      { title: 'Title', nested: { only: 'English only' }, empty: 'x' },
      { title: 'タイトル', extra: '日本語のみ', empty: ' ' },
      { language: 'jp', name: 'tags.json' },
    );
    const found = checkLocales(dir).map(({ file, message }) => `${path.relative(dir, file)}: ${message}`);
    expect(found.sort()).toEqual(
      [
        'en/common.json: key "extra" is missing',
        'jp/common.json: key "nested.only" is missing',
        'jp/common.json: key "empty" is empty or not text',
        'en/tags.json: namespace missing (it exists in the other language)',
      ].sort(),
    );
  });

  it('reports a Japanese string that calls the product "Matome", and not an English one', () => {
    const dir = localesWith(
      { title: 'Matome', body: 'Matome gathers' },
      { title: 'まとめ', body: 'Matome が集めます' },
    );
    expect(checkLocales(dir).map(({ file, message }) => `${path.relative(dir, file)}: ${message}`)).toEqual([
      'jp/common.json: key "body" says "Matome": Japanese text calls the product まとめ',
    ]);
  });

  it('passes matching locales', () => {
    expect(checkLocales(localesWith({ a: { b: 'B' } }, { a: { b: 'ビー' } }))).toEqual([]);
  });
});

describe('the web app', () => {
  it('passes the check', () => {
    expect(checkI18n(path.resolve('src/web'))).toEqual([]);
  });

  it('has Japanese help guides that call the product まとめ', () => {
    expect(checkJapaneseGuides(path.resolve('docs/help'))).toEqual([]);
  });
});
