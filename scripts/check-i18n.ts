import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkI18n, checkJapaneseGuides } from './i18n/check-i18n.ts';

/**
 * `npm run check:i18n`: fails when a locale key exists in only one language, or when a component shows literal
 * text (JSX text, or an aria-label, title, placeholder or alt) instead of a translated string, or when Japanese text
 * (a locale string or a help guide) calls the product "Matome" instead of まとめ.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const findings = [
  ...checkI18n(path.join(root, 'src/web')),
  ...checkJapaneseGuides(path.join(root, 'docs/help')),
];
for (const { file, line, message } of findings) {
  process.stdout.write(`${path.relative(root, file)}${line ? `:${line}` : ''}: ${message}\n`);
}
if (findings.length > 0) {
  process.stdout.write(`\ncheck:i18n: ${findings.length} problem(s)\n`);
  process.exit(1);
}
process.stdout.write('check:i18n: every key is in both languages and every visible text is translated\n');
