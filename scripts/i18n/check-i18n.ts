import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Attributes whose text a person reads or hears. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
]);

/** Text that needs no translation: numbers, punctuation, symbols and spacing only. */
function isUserVisible(text: string): boolean {
  return /\p{L}/u.test(text);
}

export interface Finding {
  file: string;
  line: number;
  message: string;
}

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  if (typeof value !== 'object' || value === null) return new Map([[prefix, value]]);
  return new Map(
    Object.entries(value).flatMap(([key, child]) => [...flatten(child, prefix ? `${prefix}.${key}` : key)]),
  );
}

/** Inside Japanese text the product is called まとめ, never by its romanized name. */
const ROMANIZED_NAME = /Matome/i;
const SAYS_ROMANIZED_NAME = 'says "Matome": Japanese text calls the product まとめ';

/** Every line of the Japanese help guides (`*.jp.md`) that names the product "Matome". */
export function checkJapaneseGuides(helpDir: string): Finding[] {
  return readdirSync(helpDir)
    .filter((name) => name.endsWith('.jp.md'))
    .flatMap((name) => {
      const file = path.join(helpDir, name);
      return readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((text, index) =>
          ROMANIZED_NAME.test(text) ? [{ file, line: index + 1, message: SAYS_ROMANIZED_NAME }] : [],
        );
    });
}

/** Every key present in one language and missing (or empty) in the other, and namespaces only one has. */
export function checkLocales(localesDir: string): Finding[] {
  const findings: Finding[] = [];
  const languages = ['en', 'jp'] as const;
  const files = new Map(
    languages.map((language) => [language, new Set(readdirSync(path.join(localesDir, language)))]),
  );
  const names = new Set(languages.flatMap((language) => [...files.get(language)!]));
  for (const name of [...names].sort()) {
    const entries = new Map(
      languages.map((language) => {
        const file = path.join(localesDir, language, name);
        return [
          language,
          files.get(language)!.has(name) ? flatten(JSON.parse(readFileSync(file, 'utf8'))) : null,
        ];
      }),
    );
    for (const language of languages) {
      const own = entries.get(language);
      const file = path.join(localesDir, language, name);
      if (!own) {
        findings.push({ file, line: 0, message: `namespace missing (it exists in the other language)` });
        continue;
      }
      for (const other of languages.filter((candidate) => candidate !== language)) {
        for (const key of entries.get(other)?.keys() ?? []) {
          if (!own.has(key)) findings.push({ file, line: 0, message: `key "${key}" is missing` });
        }
      }
      for (const [key, value] of own) {
        if (typeof value !== 'string' || value.trim() === '') {
          findings.push({ file, line: 0, message: `key "${key}" is empty or not text` });
        } else if (language === 'jp' && ROMANIZED_NAME.test(value)) {
          findings.push({ file, line: 0, message: `key "${key}" ${SAYS_ROMANIZED_NAME}` });
        }
      }
    }
  }
  return findings;
}

/** Literal text in JSX that a user would see or hear without it going through a translation. */
export function checkComponentSource(file: string, source: string): Finding[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node, message: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    findings.push({ file, line: line + 1, message });
  };
  const literalText = (node: ts.Node | undefined): string | null =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isUserVisible(node.text)) {
      report(node, `text "${node.text.trim()}" is not translated`);
    } else if (
      (ts.isJsxExpression(node) && ts.isJsxElement(node.parent)) ||
      (ts.isJsxExpression(node) && ts.isJsxFragment(node.parent))
    ) {
      const text = literalText(node.expression);
      if (text !== null && isUserVisible(text)) report(node, `text "${text}" is not translated`);
    } else if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(sourceFile))) {
      const initializer = node.initializer;
      const text =
        literalText(initializer) ??
        (initializer && ts.isJsxExpression(initializer) ? literalText(initializer.expression) : null);
      if (text !== null && isUserVisible(text)) {
        report(node, `${node.name.getText(sourceFile)}="${text}" is not translated`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

function componentFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes('test'));
}

/** Locale parity and untranslated JSX text in the web app; an empty list means the check passes. */
export function checkI18n(webDir: string): Finding[] {
  return [
    ...checkLocales(path.join(webDir, 'locales')),
    ...componentFiles(webDir).flatMap((file) => checkComponentSource(file, readFileSync(file, 'utf8'))),
  ];
}
