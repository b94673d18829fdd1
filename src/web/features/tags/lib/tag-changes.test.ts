import { describe, expect, it } from 'vitest';
import { writesUndoing } from './tag-changes.ts';

const one = { platform: 'chatwork', platform_message_id: '1' } as const;
const two = { platform: 'slack', platform_message_id: '2' } as const;

describe('writesUndoing', () => {
  it('takes off what was put on and puts back what was taken off', () => {
    expect(
      writesUndoing([
        { tagId: 'urgent', added: true, messages: [one, two] },
        { tagId: 'later', added: false, messages: [one] },
      ]),
    ).toEqual([
      { message: one, tagId: 'urgent', add: false },
      { message: two, tagId: 'urgent', add: false },
      { message: one, tagId: 'later', add: true },
    ]);
  });

  it('needs nothing for a tag put on and taken off again', () => {
    expect(
      writesUndoing([
        { tagId: 'urgent', added: true, messages: [one] },
        { tagId: 'urgent', added: false, messages: [one] },
      ]),
    ).toEqual([]);
  });

  it('restores the state before the first change, however many followed', () => {
    expect(
      writesUndoing([
        { tagId: 'urgent', added: false, messages: [one] },
        { tagId: 'urgent', added: true, messages: [one] },
        { tagId: 'urgent', added: false, messages: [one] },
      ]),
    ).toEqual([{ message: one, tagId: 'urgent', add: true }]);
  });
});
