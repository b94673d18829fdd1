import { describe, expect, it } from 'vitest';
import { MAX_NESTING, parseChatworkNotation, type ChatworkNode } from './chatwork-notation.ts';

const text = (value: string): ChatworkNode => ({ type: 'text', text: value });

function quoteDepth(nodes: readonly ChatworkNode[]): number {
  let depth = 0;
  let level = nodes;
  for (;;) {
    const quote = level.find((node) => node.type === 'quote');
    if (!quote) return depth;
    depth += 1;
    level = quote.children;
  }
}

describe('parseChatworkNotation', () => {
  it('keeps plain text, line breaks included, as one text node', () => {
    expect(parseChatworkNotation('Hello\n  world ')).toEqual([text('Hello\n  world ')]);
    expect(parseChatworkNotation('')).toEqual([]);
  });

  it('reads [To:id] markers with the name that follows as text', () => {
    expect(parseChatworkNotation('[To:123]Sato Kenji さん\nPlease check')).toEqual([
      { type: 'to', accountId: '123' },
      text('Sato Kenji さん\nPlease check'),
    ]);
  });

  it('reads replies and to-all markers in any letter case', () => {
    expect(parseChatworkNotation('[rp aid=123 to=456-789]Tanaka さん [toall][TOALL][ToAll]')).toEqual([
      { type: 'reply', accountId: '123' },
      text('Tanaka さん '),
      { type: 'to-all' },
      { type: 'to-all' },
      { type: 'to-all' },
    ]);
  });

  it('reads quotes with their time, nested ones too, and drops the line break after a block', () => {
    expect(
      parseChatworkNotation('Look:\n[qt][qtmeta aid=5 time=1700000000]outer\n[qt]inner[/qt]\n[/qt]\nDone'),
    ).toEqual([
      text('Look:'),
      {
        type: 'quote',
        time: 1700000000,
        children: [text('outer'), { type: 'quote', time: null, children: [text('inner')] }],
      },
      text('Done'),
    ]);
  });

  it('reads quotes whose meta has no time', () => {
    expect(parseChatworkNotation('[qt][qtmeta aid=5]said[/qt]')).toEqual([
      { type: 'quote', time: null, children: [text('said')] },
    ]);
  });

  it('reads info panels with and without a title', () => {
    expect(
      parseChatworkNotation('[info][title]Release[/title]Tomorrow at 10[/info][info]Note[/info]'),
    ).toEqual([
      {
        type: 'info',
        children: [{ type: 'title', children: [text('Release')] }, text('Tomorrow at 10')],
      },
      { type: 'info', children: [text('Note')] },
    ]);
  });

  it('reads rules, person icons and names, previews and uploaded-file posts', () => {
    expect(
      parseChatworkNotation(
        'a[hr]b [picon:1][piconname:2][pname:3] [preview id=9 ht=100][preview id=10]' +
          '[info][title][dtext:file_uploaded][/title][download:77]plan (1 KB).pdf[/download][/info]',
      ),
    ).toEqual([
      text('a'),
      { type: 'hr' },
      text('b '),
      { type: 'person', accountId: '1', show: 'icon' },
      { type: 'person', accountId: '2', show: 'icon-and-name' },
      { type: 'person', accountId: '3', show: 'name' },
      text(' '),
      { type: 'preview', fileId: '9' },
      { type: 'preview', fileId: '10' },
      {
        type: 'info',
        children: [
          { type: 'title', children: [{ type: 'file-uploaded' }] },
          { type: 'file', fileId: '77', name: 'plan (1 KB).pdf' },
        ],
      },
    ]);
  });

  it('reads a download without a closing tag as a nameless file, leaving the rest of the line as text', () => {
    expect(parseChatworkNotation('[download:5]notes.txt\nmore[/download]')).toEqual([
      { type: 'file', fileId: '5', name: null },
      text('notes.txt\nmore[/download]'),
    ]);
  });

  it('keeps code verbatim: tags and markup inside it are not read', () => {
    expect(parseChatworkNotation('[code]\n[To:1] <b>x</b> [qt]\n[/code]after')).toEqual([
      { type: 'code', text: '[To:1] <b>x</b> [qt]' },
      text('after'),
    ]);
  });

  it('leaves unknown tags, malformed tags and HTML as literal text', () => {
    const body =
      '[task aid=1]do[/task] [To:abc] [rp aid=x] [qtmeta aid=1] [dtext:unknown] <script>alert(1)</script>';
    expect(parseChatworkNotation(body)).toEqual([text(body)]);
  });

  it('leaves unbalanced container tags as literal text', () => {
    expect(parseChatworkNotation('[qt]never closed')).toEqual([text('[qt]never closed')]);
    expect(parseChatworkNotation('stray [/info] and [/qt]')).toEqual([text('stray [/info] and [/qt]')]);
    expect(parseChatworkNotation('[code]no end')).toEqual([text('[code]no end')]);
    expect(parseChatworkNotation('[qt][info]x[/qt][/info]')).toEqual([
      { type: 'quote', time: null, children: [text('[info]x')] },
      text('[/info]'),
    ]);
  });

  it('ignores a quote time no date can hold', () => {
    expect(parseChatworkNotation('[qt][qtmeta aid=1 time=99999999999999999999]x[/qt]')).toEqual([
      { type: 'quote', time: null, children: [text('x')] },
    ]);
  });

  it('flattens quotes nested deeper than the nesting limit, keeping their text', () => {
    const body = `${'[qt]'.repeat(1000)}deep${'[/qt]'.repeat(1000)}`;
    const nodes = parseChatworkNotation(body);
    expect(quoteDepth(nodes)).toBe(MAX_NESTING);
    expect(JSON.stringify(nodes)).toContain('"deep"');
  });

  it('parses a 100 KB hostile body', () => {
    const body = '[qt][code][download:1][To:2]x *[/info] '.repeat(2600);
    expect(body.length).toBeGreaterThan(100_000);
    const nodes = parseChatworkNotation(body);
    expect(nodes.length).toBeGreaterThan(0);
  });
});
