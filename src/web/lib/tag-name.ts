import type { Language } from '../../contract/auth.ts';
import type { Tag } from '../../contract/messages.ts';

export function tagName(tag: Tag, language: Language): string {
  return language === 'jp' && tag.name_jp ? tag.name_jp : tag.name;
}
