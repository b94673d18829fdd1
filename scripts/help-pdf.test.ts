import { readFile } from 'node:fs/promises';
import { Lexer, type Token } from 'marked';
import { PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHATWORK_SCOPES } from '../src/server/connectors/chatwork/chatwork-oauth.ts';
import { SLACK_USER_SCOPES } from '../src/server/connectors/slack/slack-oauth.ts';
import { helpSourcePath, renderAllHelpPdfs, renderHelpPdf } from './help-pdf.ts';

/** The guides explain exactly the permissions the consent pages ask for: no fewer, no more. */
const requestedScopes = { slack: SLACK_USER_SCOPES, chatwork: CHATWORK_SCOPES };

const expectedTitles: Record<string, string> = {
  'help_slack_en.pdf': 'Connecting Slack to Matome',
  'help_slack_jp.pdf': 'Slack をまとめに接続する',
  'help_chatwork_en.pdf': 'Connecting ChatWork to Matome',
  'help_chatwork_jp.pdf': 'ChatWork をまとめに接続する',
};

let guides: Map<string, Buffer>;
beforeAll(async () => {
  guides = new Map((await renderAllHelpPdfs()).map(({ fileName, pdf }) => [fileName, pdf]));
});

function guide(fileName: string): Buffer {
  const pdf = guides.get(fileName);
  if (!pdf) throw new Error(`${fileName} was not rendered`);
  return pdf;
}

/** The names of the fonts embedded in a PDF, with whether their font program is in the file. */
function embeddedFonts(document: PDFDocument): { name: string; embedded: boolean }[] {
  return document.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict)
    .filter((dict) => dict.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'))
    .map((descriptor) => ({
      name: String(descriptor.get(PDFName.of('FontName'))),
      embedded: descriptor.has(PDFName.of('FontFile2')) || descriptor.has(PDFName.of('FontFile3')),
    }));
}

function linkTargets(document: PDFDocument): string[] {
  return document.getPages().flatMap(
    (page) =>
      page.node
        .Annots()
        ?.asArray()
        .map((reference) => document.context.lookup(reference, PDFDict))
        .map((annotation) => annotation.lookupMaybe(PDFName.of('A'), PDFDict)?.get(PDFName.of('URI')))
        .filter((uri): uri is PDFString => uri instanceof PDFString)
        .map((uri) => uri.decodeText()) ?? [],
  );
}

describe('help PDFs', () => {
  it('renders one valid PDF per platform and language, titled from its first heading', async () => {
    expect([...guides.keys()].sort()).toEqual(Object.keys(expectedTitles).sort());
    for (const [fileName, title] of Object.entries(expectedTitles)) {
      const pdf = guide(fileName);
      expect(pdf.subarray(0, 5).toString('latin1'), fileName).toBe('%PDF-');
      expect(pdf.subarray(-6).toString('latin1').trim(), fileName).toBe('%%EOF');
      const document = await PDFDocument.load(pdf, { updateMetadata: false });
      expect(document.getTitle(), fileName).toBe(title);
      expect(document.getPageCount(), fileName).toBeGreaterThanOrEqual(2);
    }
  });

  it('embeds only the used glyphs of the Japanese font, so the Japanese guides render and stay small', async () => {
    for (const fileName of ['help_slack_jp.pdf', 'help_chatwork_jp.pdf']) {
      const fonts = embeddedFonts(await PDFDocument.load(guide(fileName)));
      expect(fonts.length, fileName).toBeGreaterThan(0);
      for (const font of fonts) {
        // A six-letter tag before the name marks a subset (PDF 32000-1 §9.6.4).
        expect(font.name, fileName).toMatch(/^\/[A-Z]{6}\+NotoSansJP-(Regular|Bold)$/);
        expect(font.embedded, fileName).toBe(true);
      }
      // The whole Noto Sans JP font is over 5 MB per weight.
      expect(guide(fileName).length, fileName).toBeLessThan(250_000);
    }
  });

  it('turns Markdown links into clickable links', async () => {
    expect(linkTargets(await PDFDocument.load(guide('help_slack_en.pdf')))).toContain(
      'https://slack.com/apps/manage',
    );
    expect(linkTargets(await PDFDocument.load(guide('help_chatwork_jp.pdf')))).toContain(
      'https://developer.chatwork.com/',
    );
  });

  it('produces the same bytes from the same sources', async () => {
    const again = await renderHelpPdf(await readFile(helpSourcePath('slack', 'jp'), 'utf8'), 'jp');
    expect(again.equals(guide('help_slack_jp.pdf'))).toBe(true);
  });

  it('explains exactly the permissions the app asks for, in English and Japanese guides kept in step', async () => {
    function outline(tokens: Token[]): { codes: string[]; links: string[]; headings: number; items: number } {
      const outline = { codes: [] as string[], links: [] as string[], headings: 0, items: 0 };
      function walk(token: Token): void {
        // A placeholder such as `<your Matome>` is written in the guide's own language.
        if (token.type === 'codespan') outline.codes.push(token.text.replace(/<[^>]+>/g, '<…>'));
        if (token.type === 'link') outline.links.push(token.href);
        if (token.type === 'heading') outline.headings += 1;
        if (token.type === 'list_item') outline.items += 1;
        const children = [
          ...('tokens' in token ? (token.tokens ?? []) : []),
          ...('items' in token ? token.items : []),
        ];
        children.forEach(walk);
      }
      tokens.forEach(walk);
      return outline;
    }
    for (const platform of ['slack', 'chatwork'] as const) {
      const read = async (language: 'en' | 'jp') =>
        outline(new Lexer().lex(await readFile(helpSourcePath(platform, language), 'utf8')));
      const [english, japanese] = await Promise.all([read('en'), read('jp')]);
      // Scopes look like `channels:history` or `users:read.email` (or are requested, as `offline_access`); event
      // names, settings and URLs are other code.
      const scopes = english.codes.filter(
        (code) => requestedScopes[platform].includes(code) || /^[a-z_.]+:[a-z_.]+$/.test(code),
      );
      expect(new Set(scopes), `${platform}: the permissions the app asks for`).toEqual(
        new Set(requestedScopes[platform]),
      );
      expect(japanese, platform).toEqual(english);
    }
  });

  it('refuses Markdown it cannot render faithfully, rather than printing it wrongly', async () => {
    await expect(renderHelpPdf('No title here.', 'en')).rejects.toThrow(/level-1 heading/);
    await expect(renderHelpPdf('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n', 'en')).rejects.toThrow(
      /"table"/,
    );
    await expect(renderHelpPdf('# タイトル\n\n**保存しません。**受信箱', 'jp')).rejects.toThrow(/Unmatched/);
  });
});
