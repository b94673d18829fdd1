import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Lexer, type Token, type Tokens } from 'marked';
import PDFDocument from 'pdfkit';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The Markdown sources of the guides: `{platform}.{language}.md`. */
export const helpSourceDir = path.join(root, 'docs', 'help');
export const helpPlatforms = ['slack', 'chatwork'] as const;
export const helpLanguages = ['en', 'jp'] as const;
export type HelpPlatform = (typeof helpPlatforms)[number];
export type HelpLanguage = (typeof helpLanguages)[number];

/**
 * Noto Sans JP (SIL Open Font License 1.1, which allows embedding) covers Latin and Japanese alike, so both
 * languages share one look. Only the glyphs a guide uses are embedded.
 */
const fontDir = path.dirname(
  createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-jp/package.json'),
);
const fontFiles = {
  regular: path.join(fontDir, '400Regular', 'NotoSansJP_400Regular.ttf'),
  bold: path.join(fontDir, '700Bold', 'NotoSansJP_700Bold.ttf'),
};
/** A fixed date keeps the output byte-for-byte reproducible; bump it when the guides change materially. */
const GUIDE_DATE = new Date('2026-11-22T00:00:00Z');

const PAGE_MARGIN = 56;
const BODY_SIZE = 10.5;
const HEADING_SIZES = [20, 14, 12, 11] as const;
const TEXT_COLOR = '#1f2937';
const MUTED_COLOR = '#6b7280';
const LINK_COLOR = '#1d4ed8';
const ACCENT_COLOR = '#4f46e5';
// Inline code keeps the body font, whose metrics line up with the text around it, and stands out by colour.
const CODE_COLOR = '#9d174d';
const LIST_INDENT = 16;

const footerLabel: Record<HelpLanguage, (page: number, pages: number) => string> = {
  en: (page, pages) => `Matome help · page ${page} of ${pages}`,
  jp: (page, pages) => `まとめヘルプ · ${page} / ${pages} ページ`,
};

type Run = { text: string; bold: boolean; code: boolean; link: string | null };
/** A line break inside a Markdown paragraph joins the lines: with a space in English, with nothing between Japanese. */
const SOFT_BREAK = /[ \t]*\n[ \t]*/g;
const JAPANESE = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;
type Fonts = { regular: Buffer; bold: Buffer };

let fontsLoaded: Promise<Fonts> | null = null;
function loadFonts(): Promise<Fonts> {
  fontsLoaded ??= Promise.all([readFile(fontFiles.regular), readFile(fontFiles.bold)]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  return fontsLoaded;
}

export function helpPdfFileName(platform: HelpPlatform, language: HelpLanguage): string {
  return `help_${platform}_${language}.pdf`;
}

export function helpSourcePath(platform: HelpPlatform, language: HelpLanguage): string {
  return path.join(helpSourceDir, `${platform}.${language}.md`);
}

/** Every guide as `{fileName, pdf}`, rendered from its Markdown source. */
export async function renderAllHelpPdfs(): Promise<{ fileName: string; pdf: Buffer }[]> {
  const guides = helpPlatforms.flatMap((platform) =>
    helpLanguages.map((language) => ({ platform, language })),
  );
  return Promise.all(
    guides.map(async ({ platform, language }) => ({
      fileName: helpPdfFileName(platform, language),
      pdf: await renderHelpPdf(await readFile(helpSourcePath(platform, language), 'utf8'), language),
    })),
  );
}

/** Renders one Markdown guide: headings, paragraphs, ordered and unordered lists, bold, inline code and links. */
export async function renderHelpPdf(markdown: string, language: HelpLanguage): Promise<Buffer> {
  const tokens = new Lexer().lex(markdown);
  const title = findTitle(tokens);
  const fonts = await loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    bufferPages: true,
    lang: language === 'jp' ? 'ja' : 'en',
    displayTitle: true,
    info: { Title: title, Author: 'Matome', Subject: title, CreationDate: GUIDE_DATE, ModDate: GUIDE_DATE },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('regular').fontSize(BODY_SIZE).fillColor(TEXT_COLOR);
  for (const token of tokens) renderBlock(doc, token);
  drawFooters(doc, language);
  doc.end();
  return finished;
}

function findTitle(tokens: Token[]): string {
  const heading = tokens.find(
    (token): token is Tokens.Heading => token.type === 'heading' && token.depth === 1,
  );
  if (!heading) throw new Error('A help guide must start with a level-1 heading, its title.');
  return heading.text;
}

function renderBlock(doc: PDFKit.PDFDocument, token: Token): void {
  switch (token.type) {
    case 'heading': {
      const heading = token as Tokens.Heading;
      const size = HEADING_SIZES[Math.min(heading.depth, HEADING_SIZES.length) - 1] ?? BODY_SIZE;
      doc.moveDown(heading.depth === 1 ? 0 : 0.6);
      // Keep a heading with the first lines that follow it.
      ensureRoom(doc, size * 2 + BODY_SIZE * 3);
      renderRuns(doc, inlineRuns(heading.tokens), {
        size,
        bold: true,
        color: heading.depth === 1 ? ACCENT_COLOR : TEXT_COLOR,
      });
      doc.moveDown(heading.depth === 1 ? 0.6 : 0.3);
      return;
    }
    case 'paragraph':
      renderRuns(doc, inlineRuns((token as Tokens.Paragraph).tokens), { size: BODY_SIZE });
      doc.moveDown(0.5);
      return;
    case 'list':
      renderList(doc, token as Tokens.List, 0);
      doc.moveDown(0.5);
      return;
    case 'space':
    case 'hr':
      return;
    default:
      throw new Error(`Help guides do not support Markdown "${token.type}" blocks.`);
  }
}

function renderList(doc: PDFKit.PDFDocument, list: Tokens.List, depth: number): void {
  const left = doc.page.margins.left + depth * LIST_INDENT;
  const start = typeof list.start === 'number' ? list.start : 1;
  list.items.forEach((item, index) => {
    const marker = list.ordered ? `${start + index}.` : '•';
    // Start an item on a new page rather than leave its marker alone at the bottom.
    ensureRoom(doc, BODY_SIZE * 4);
    const y = doc.y;
    doc.font('regular').fontSize(BODY_SIZE).fillColor(TEXT_COLOR).text(marker, left, y, {
      width: LIST_INDENT,
      lineBreak: false,
    });
    doc.y = y;
    for (const child of item.tokens) {
      if (child.type === 'list') {
        renderList(doc, child as Tokens.List, depth + 1);
      } else if (child.type === 'text' || child.type === 'paragraph') {
        const inline = (child as Tokens.Text | Tokens.Paragraph).tokens ?? [child];
        renderRuns(doc, inlineRuns(inline), { size: BODY_SIZE, left: left + LIST_INDENT });
      } else if (child.type !== 'space') {
        throw new Error(`Help guides do not support "${child.type}" inside list items.`);
      }
    }
    doc.moveDown(0.2);
  });
  doc.x = doc.page.margins.left;
}

function ensureRoom(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** Flattens Marked's inline tokens into runs of one style each. */
function inlineRuns(
  tokens: Token[],
  style: Omit<Run, 'text'> = { bold: false, code: false, link: null },
): Run[] {
  return tokens.flatMap((token): Run[] => {
    switch (token.type) {
      case 'strong':
        return inlineRuns((token as Tokens.Strong).tokens, { ...style, bold: true });
      case 'em':
        // The font has no italic; emphasis reads as bold.
        return inlineRuns((token as Tokens.Em).tokens, { ...style, bold: true });
      case 'codespan':
        return [{ ...style, code: true, text: decodeEntities((token as Tokens.Codespan).text) }];
      case 'link': {
        const link = token as Tokens.Link;
        return inlineRuns(link.tokens, { ...style, link: link.href });
      }
      case 'br':
        return [{ ...style, text: '\n' }];
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens) return inlineRuns(text.tokens, style);
        // Emphasis that Markdown could not match (e.g. `**` next to Japanese punctuation) would print literally.
        if (text.text.includes('**')) throw new Error(`Unmatched "**" in a help guide: ${text.text}`);
        return [{ ...style, text: decodeEntities(text.text).replace(SOFT_BREAK, joinLines) }];
      }
      case 'escape':
        return [{ ...style, text: (token as Tokens.Escape).text }];
      default:
        throw new Error(`Help guides do not support Markdown "${token.type}" inline.`);
    }
  });
}

function joinLines(_match: string, offset: number, text: string): string {
  const before = text.slice(0, offset).trimEnd().at(-1) ?? '';
  const after = text.slice(offset).trimStart().at(0) ?? '';
  // An empty side is the edge of bold text, code or a link: decide by the side that is known.
  const japaneseOrUnknown = (character: string) => character === '' || JAPANESE.test(character);
  return japaneseOrUnknown(before) && japaneseOrUnknown(after) && before + after !== '' ? '' : ' ';
}

/** Marked escapes &, <, >, " and ' in text for HTML; a PDF wants the characters themselves. */
function decodeEntities(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

function renderRuns(
  doc: PDFKit.PDFDocument,
  runs: Run[],
  options: { size: number; bold?: boolean; color?: string; left?: number },
): void {
  const left = options.left ?? doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.right - left;
  const visible = runs.filter((run) => run.text.length > 0);
  visible.forEach((run, index) => {
    doc
      .font(run.bold || options.bold ? 'bold' : 'regular')
      .fontSize(options.size)
      .fillColor(run.link ? LINK_COLOR : run.code ? CODE_COLOR : (options.color ?? TEXT_COLOR));
    const textOptions: PDFKit.Mixins.TextOptions = {
      width,
      lineGap: 2,
      continued: index < visible.length - 1,
      link: run.link,
      underline: run.link !== null,
    };
    if (index === 0) doc.text(run.text, left, doc.y, textOptions);
    else doc.text(run.text, textOptions);
  });
  doc.x = doc.page.margins.left;
  doc.fillColor(TEXT_COLOR);
}

function drawFooters(doc: PDFKit.PDFDocument, language: HelpLanguage): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED_COLOR)
      .text(
        footerLabel[language](index + 1, range.count),
        doc.page.margins.left,
        doc.page.height - bottom / 2 - 4,
        {
          width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
          align: 'center',
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = bottom;
  }
}
