import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  messageTypeFilters,
  platforms,
  type PlatformConnection,
  type Tag,
} from '../../../../contract/messages.ts';
import { colorOf, type ConnectionColors } from '../../../lib/connection-color.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { tagName } from '../../../lib/tag-name.ts';
import { messageActions } from '../actions/message-actions.ts';
import type { ListAction } from '../hooks/use-message-filters.ts';
import { hasActiveFilters, type FacetCounts, type MessageFilters } from '../lib/message-filters.ts';
import { FilterButton } from './FilterButton.tsx';
import { SenderAndDateFilters } from './SenderAndDateFilters.tsx';

export interface FilterGroupsProps {
  filters: MessageFilters;
  counts: FacetCounts;
  tags: readonly Tag[];
  connections: readonly PlatformConnection[];
  colors: ConnectionColors;
  dispatch(action: ListAction): void;
}

const groupLabelClassName = 'mr-1 text-xs font-semibold tracking-wide text-slate-600 uppercase';

/**
 * The list's filters (platform, type, tag, sender, days sent, account), each choice with the number of messages it would show; inline
 * on wide screens, in the Filters sheet on a phone.
 */
export function FilterGroups({ filters, counts, tags, connections, colors, dispatch }: FilterGroupsProps) {
  const { t } = useTranslation('messages');
  const { t: tTags } = useTranslation('tags');
  const { t: tTriage } = useTranslation('triage');
  const tagSelectId = useId();
  const language = currentLanguage();
  const count = (label: string, value: number) => t('list.count', { label, count: value });
  const allPlatformsCount = counts.platform.chatwork + counts.platform.slack;

  return (
    <div role="group" aria-label={t('list.filters')} className="space-y-3">
      <div role="group" aria-label={t('list.platformFilter')} className="flex flex-wrap items-center gap-2">
        <span aria-hidden="true" className={groupLabelClassName}>
          {t('list.platformFilter')}
        </span>
        <FilterButton
          pressed={filters.platform === 'all'}
          onClick={() => dispatch({ type: 'platform', platform: 'all' })}
        >
          {count(t('list.allPlatforms'), allPlatformsCount)}
        </FilterButton>
        {platforms.map((platform) => (
          <FilterButton
            key={platform}
            pressed={filters.platform === platform}
            onClick={() =>
              dispatch({ type: 'platform', platform: filters.platform === platform ? 'all' : platform })
            }
          >
            {count(t(`platforms.${platform}`), counts.platform[platform])}
          </FilterButton>
        ))}
      </div>

      <div role="group" aria-label={t('list.typeFilter')} className="flex flex-wrap items-center gap-2">
        <span aria-hidden="true" className={groupLabelClassName}>
          {t('list.typeFilter')}
        </span>
        {messageTypeFilters.map((type) => (
          <FilterButton
            key={type}
            pressed={filters.types.includes(type)}
            onClick={() => dispatch({ type: 'toggle-type', messageType: type })}
          >
            {count(t(`types.${type}`), counts.types[type])}
          </FilterButton>
        ))}
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={tagSelectId} className={groupLabelClassName}>
            {t('list.tagFilter')}
          </label>
          <select
            id={tagSelectId}
            value={filters.tagId ?? ''}
            onChange={(event) => dispatch({ type: 'tag', tagId: event.target.value || null })}
            className="rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-800"
          >
            <option value="">{t('list.allTags')}</option>
            {tags.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {count(tagName(tag, language), counts.tags.get(tag.id) ?? 0)}
              </option>
            ))}
          </select>
          <Link to="/tags" className="text-sm font-medium text-indigo-700 hover:underline">
            {tTags('manage')}
          </Link>
        </div>
        <SenderAndDateFilters filters={filters} counts={counts} dispatch={dispatch} />
      </div>

      <div role="group" aria-label={t('list.connectionFilter')} className="flex flex-wrap items-center gap-2">
        <span aria-hidden="true" className={groupLabelClassName}>
          {t('list.connectionFilter')}
        </span>
        {connections.map((connection) => (
          <FilterButton
            key={connection.id}
            color={colorOf(colors, connection.id)}
            pressed={filters.connectionIds.includes(connection.id)}
            onClick={() => dispatch({ type: 'toggle-connection', connectionId: connection.id })}
          >
            {count(
              t('accounts.accountLabel', {
                account: connection.platform_user_name ?? t('accounts.unknownAccount'),
                workspace: connection.platform_workspace_name ?? t('accounts.noWorkspace'),
              }),
              counts.connections.get(connection.id) ?? 0,
            )}
          </FilterButton>
        ))}
        {hasActiveFilters(filters) && (
          <button
            type="button"
            onClick={() => dispatch({ type: 'clear' })}
            className="inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
          >
            <messageActions.clearFilters.icon aria-hidden="true" className="size-4" />
            {tTriage('actions.clearFilters.label')}
          </button>
        )}
      </div>
    </div>
  );
}
