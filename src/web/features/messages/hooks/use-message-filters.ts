import { useReducer } from 'react';
import type { MessageTypeFilter } from '../../../../contract/messages.ts';
import { noFilters, type MessageFilters, type PlatformFilter } from '../lib/message-filters.ts';

export interface ListState {
  filters: MessageFilters;
  page: number;
}

export type ListAction =
  | { type: 'platform'; platform: PlatformFilter }
  | { type: 'toggle-type'; messageType: MessageTypeFilter }
  | { type: 'tag'; tagId: string | null }
  | { type: 'toggle-connection'; connectionId: string }
  | { type: 'sender'; sender: string | null }
  | { type: 'sent-between'; sentFrom: string | null; sentTo: string | null }
  | { type: 'clear' }
  | { type: 'apply'; filters: MessageFilters }
  | { type: 'page'; page: number };

function toggled<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
}

/** SPEC §4: changing any filter returns the list to its first page. */
export function listReducer(state: ListState, action: ListAction): ListState {
  const { filters } = state;
  switch (action.type) {
    case 'platform':
      return { page: 1, filters: { ...filters, platform: action.platform } };
    case 'toggle-type':
      return { page: 1, filters: { ...filters, types: toggled(filters.types, action.messageType) } };
    case 'tag':
      return { page: 1, filters: { ...filters, tagId: action.tagId } };
    case 'toggle-connection':
      return {
        page: 1,
        filters: { ...filters, connectionIds: toggled(filters.connectionIds, action.connectionId) },
      };
    case 'sender':
      return { page: 1, filters: { ...filters, sender: action.sender } };
    case 'sent-between':
      return { page: 1, filters: { ...filters, sentFrom: action.sentFrom, sentTo: action.sentTo } };
    case 'clear':
      return { page: 1, filters: noFilters };
    case 'apply':
      return { page: 1, filters: action.filters };
    case 'page':
      return { ...state, page: action.page };
  }
}

export function useMessageListState() {
  return useReducer(listReducer, { filters: noFilters, page: 1 });
}
