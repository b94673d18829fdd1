import type { Language } from '../../../../contract/auth.ts';
import type { Tag } from '../../../../contract/messages.ts';
import { stableUuid } from './stable-id.ts';

const definitions = [
  {
    key: 'urgent',
    name: 'Urgent',
    name_jp: '緊急',
    color: '#EF4444',
    description: { en: 'Needs a reply today', jp: '本日中に対応が必要' },
  },
  {
    key: 'follow-up',
    name: 'Follow up',
    name_jp: '要フォロー',
    color: '#F59E0B',
    description: { en: 'Waiting on someone else', jp: '相手の返信待ち' },
  },
  { key: 'done', name: 'Done', name_jp: '対応済み', color: '#10B981' },
  {
    key: 'meeting',
    name: 'Meeting',
    name_jp: '会議',
    color: '#3B82F6',
    description: { en: 'Schedules and invitations', jp: '日程調整・招待' },
  },
  {
    key: 'client',
    name: 'Client',
    name_jp: '顧客対応',
    color: '#8B5CF6',
    description: { en: 'About a customer', jp: 'お客様に関する連絡' },
  },
  { key: 'review', name: 'Review', name_jp: 'レビュー', color: '#F97316' },
  { key: 'idea', name: 'Idea', name_jp: 'アイデア', color: '#06B6D4' },
  {
    key: 'later',
    name: 'Read later',
    name_jp: 'あとで読む',
    color: '#84CC16',
    description: { en: 'No action needed', jp: '対応不要・参考' },
  },
] as const;

export type SampleTagKey = (typeof definitions)[number]['key'];

/** The 8 sample tags (SPEC §9), with Japanese names; descriptions follow the sample language. */
export function sampleTags(language: Language): Record<SampleTagKey, Tag> {
  return Object.fromEntries(
    definitions.map((definition) => [
      definition.key,
      {
        id: stableUuid(`sample-tag:${definition.key}`),
        name: definition.name,
        name_jp: definition.name_jp,
        color: definition.color,
        ...('description' in definition ? { description: definition.description[language] } : {}),
      },
    ]),
  ) as Record<SampleTagKey, Tag>;
}
