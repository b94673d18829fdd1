import { describe, expect, it } from 'vitest';
import { parseSlackMrkdwn } from '../../../contract/markup/slack-mrkdwn.ts';
import { standardEmojiIn } from './slack-emoji.ts';

describe('standardEmojiIn', () => {
  it('finds the standard short names with their emoji, skin tones included, and leaves custom ones out', () => {
    expect(standardEmojiIn('Shipped :tada: :wave::skin-tone-3: :+1: :party-parrot: :tada: 10:30:45')).toEqual(
      [
        { name: 'tada', emoji: '🎉' },
        { name: 'wave', emoji: '👋' },
        { name: 'skin-tone-3', emoji: '🏼' },
        { name: '+1', emoji: '👍' },
      ],
    );
  });

  it('gives a lone older symbol the selector that draws it as an emoji', () => {
    expect(standardEmojiIn(':white_check_mark: :heart:')).toEqual([
      { name: 'white_check_mark', emoji: '✅\uFE0F' },
      { name: 'heart', emoji: '❤\uFE0F' },
    ]);
  });

  it('is undefined for a text without standard short names', () => {
    expect(standardEmojiIn('Meet at 10:30, :party-parrot: :constructor:')).toBeUndefined();
    expect(standardEmojiIn('')).toBeUndefined();
  });

  // Whatever else the whole table holds, the parser draws from a message's own emoji what it would draw from the table.
  it.each([
    'Shipped :tada: :wave::skin-tone-3: :+1: :party-parrot: 10:30:45',
    '`:tada:` _done_ :white_check_mark:',
    ':tada:rocket: :eyes::eyes:',
    'at 10:30 :tada: and 10::fire:',
    '<https://x.test|:tada:> :smile: <@U1|kim:tada:>',
    '&gt; quoted :pray:\n```\n:rocket:\n``` after :rocket:',
    '*bold :fire:* ~:x:~ _:ok_hand:_',
  ])('lets the parser draw %j as the whole table would', (text) => {
    const everyName = standardEmojiIn(
      ':tada: :wave: :skin-tone-3: :+1: :white_check_mark: :rocket: :eyes: :smile: :pray: :fire: :x: :ok_hand:',
    );
    expect(parseSlackMrkdwn(text, standardEmojiIn(text))).toEqual(parseSlackMrkdwn(text, everyName));
    expect(parseSlackMrkdwn(text, standardEmojiIn(text))).not.toEqual(parseSlackMrkdwn(text, undefined));
  });
});
