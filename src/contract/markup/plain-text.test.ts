import { describe, expect, it } from 'vitest';
import { isMentionOnly, plainTextOf } from './plain-text.ts';
import type { StandardEmoji } from '../messages.ts';

const chatwork = (content: string) => ({ platform: 'chatwork' as const, content });
const slack = (content: string, standardEmoji?: StandardEmoji[]) => ({
  platform: 'slack' as const,
  content,
  ...(standardEmoji ? { standard_emoji: standardEmoji } : {}),
});

describe('plainTextOf', () => {
  it('strips ChatWork markers and tags, keeping the names typed after them', () => {
    expect(plainTextOf(chatwork('[To:123]Sato Kenji さん\n[toall]Please check [picon:4]the plan'))).toBe(
      'Sato Kenji さん\nPlease check the plan',
    );
    expect(plainTextOf(chatwork('[rp aid=1 to=2-3]Tanaka さん\nOK'))).toBe('Tanaka さん\nOK');
  });

  it('puts ChatWork quotes, panels and code on lines of their own', () => {
    expect(
      plainTextOf(
        chatwork(
          'See [qt][qtmeta aid=1 time=1700000000]old text[/qt] and [info][title]Plan[/title]Ship it[/info][hr][code]a < b[/code]',
        ),
      ),
    ).toBe('See\nold text\nand\nPlan\nShip it\na < b');
  });

  it('keeps ChatWork file names and unbalanced tags as the reader sees them', () => {
    expect(plainTextOf(chatwork('[download:1]spec.pdf[/download] [preview id=1 ht=10]'))).toBe('spec.pdf');
    expect(plainTextOf(chatwork('[qt]open [/info]'))).toBe('[qt]open [/info]');
  });

  it('reads Slack mentions, links and entities as the reader sees them', () => {
    expect(
      plainTextOf(
        slack(
          '<@U1|alice> <!here> see <https://x.test|the doc> in <#C1|general> &amp; *this* `code` <javascript:x|y>',
        ),
      ),
    ).toBe('@alice @here see the doc in #general & this code y');
  });

  it('puts Slack quotes and code blocks on lines of their own', () => {
    expect(plainTextOf(slack('Hi\n&gt; quoted\n```\nx = 1\n```\nbye'))).toBe('Hi\nquoted\nx = 1\nbye');
  });

  it('reads the standard emoji a Slack message carries as emoji, and other short names as typed', () => {
    const text = 'Shipped :tada: :party-parrot: `:tada:`';
    expect(plainTextOf(slack(text, [{ name: 'tada', emoji: '🎉' }]))).toBe(
      'Shipped 🎉 :party-parrot: :tada:',
    );
    expect(plainTextOf(slack(text))).toBe('Shipped :tada: :party-parrot: :tada:');
  });

  it('trims the whole text', () => {
    expect(plainTextOf(slack('  \n hi \n'))).toBe('hi');
    expect(plainTextOf(chatwork('[To:1]'))).toBe('');
  });

  it('handles 100 KB quickly enough to return', () => {
    const body = 'abc [qt]x[/qt] *y* <@U1> '.repeat(4200);
    expect(plainTextOf(chatwork(body)).length).toBeGreaterThan(50_000);
    expect(plainTextOf(slack(body)).length).toBeGreaterThan(50_000);
  });
});

describe('isMentionOnly', () => {
  it.each([
    '[To:123]',
    '[To:123]Sato Kenji さん',
    '[To:1]Sato さん\n[To:2]Tanaka さん\n',
    '[rp aid=1 to=2-3][pname:1]さん',
    '[toall]',
    '  [toall]\n\n',
    '[toall] 各位',
  ])('is true for the ChatWork body %j', (body) => {
    expect(isMentionOnly(chatwork(body))).toBe(true);
  });

  it.each([
    '',
    'Hello',
    '[To:123]Sato Kenji さん\nPlease check',
    '[toall]Meeting at 3',
    '[rp aid=1 to=2-3]Tanaka さん\n[qt]original[/qt]',
    '[To:1]さん [download:5]x.pdf[/download]',
    '[To:1] [code]x[/code]',
    '[To:1]\n[picon:2]',
  ])('is false for the ChatWork body %j', (body) => {
    expect(isMentionOnly(chatwork(body))).toBe(false);
  });

  it.each([
    '<@U1>',
    '<@U1|alice> ',
    '<@U1> <@U2>',
    '<!here>',
    '<!channel|channel> さん',
    '<!subteam^S1|@ops>.',
  ])('is true for the Slack text %j', (text) => {
    expect(isMentionOnly(slack(text))).toBe(true);
  });

  it.each([
    '',
    '   ',
    'hi <@U1>',
    '<@U1> see <#C1|general>',
    '<@U1> <https://x.test>',
    '<@U1> `x`',
    '<@U1> 👍',
  ])('is false for the Slack text %j', (text) => {
    expect(isMentionOnly(slack(text))).toBe(false);
  });
});
