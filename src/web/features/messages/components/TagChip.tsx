import type { Tag } from '../../../../contract/messages.ts';
import { tintOf } from '../../../lib/connection-color.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { tagName } from '../../../lib/tag-name.ts';

/** A tag as cards and filters show it: its Japanese name in the Japanese interface when it has one. */
export function TagChip({ tag }: { tag: Tag }) {
  const name = tagName(tag, currentLanguage());
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium text-slate-800"
      style={{ backgroundColor: tintOf(tag.color) }}
    >
      <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: tag.color }} />
      {name}
    </span>
  );
}
