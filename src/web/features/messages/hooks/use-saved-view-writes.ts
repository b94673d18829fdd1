import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedView, SavedViewFiltersInput } from '../../../../contract/saved-views.ts';
import { useToast } from '../../../components/ui/use-toast.ts';
import { createSavedView } from '../api/create-saved-view.ts';
import { deleteSavedView } from '../api/delete-saved-view.ts';
import { SAVED_VIEWS_QUERY_KEY } from '../api/get-saved-views.ts';
import { reorderSavedViews } from '../api/reorder-saved-views.ts';
import { updateSavedView } from '../api/update-saved-view.ts';

export interface SavedViewWrites {
  /** The new view; throws the server's refusal (a name in use, too many views) for the form to show. */
  save(name: string, filters: SavedViewFiltersInput): Promise<SavedView>;
  /** Throws like `save`. `null` gives a default view back its own name. */
  rename(id: string, name: string | null): Promise<void>;
  remove(id: string): Promise<boolean>;
  reorder(ids: readonly string[]): Promise<void>;
}

/**
 * The writes of saved views (docs/decisions/157). Each changes the cached list at once; one the server refuses puts
 * it back and says so. Saving and renaming wait for the server, so their form can show why it refused.
 */
export function useSavedViewWrites(): SavedViewWrites {
  const { t } = useTranslation('views');
  const { showToast } = useToast();
  const queryClient = useQueryClient();

  const cached = useCallback(
    () => queryClient.getQueryData<SavedView[]>(SAVED_VIEWS_QUERY_KEY) ?? [],
    [queryClient],
  );
  const put = useCallback(
    (views: SavedView[]) => queryClient.setQueryData(SAVED_VIEWS_QUERY_KEY, views),
    [queryClient],
  );
  /** Runs an optimistic change; on a refusal, puts the list back as it was and says what failed. */
  const optimistic = useCallback(
    async (next: SavedView[], write: () => Promise<unknown>, failed: string): Promise<boolean> => {
      const before = cached();
      put(next);
      try {
        await write();
        return true;
      } catch {
        put(before);
        showToast(failed, 'error');
        return false;
      }
    },
    [cached, put, showToast],
  );

  return useMemo(
    () => ({
      async save(name, filters) {
        const view = await createSavedView({ name, filters });
        put([...cached(), view]);
        return view;
      },
      async rename(id, name) {
        const view = await updateSavedView({ id, name });
        put(cached().map((item) => (item.id === id ? view : item)));
      },
      remove: (id) =>
        optimistic(
          cached().filter((view) => view.id !== id),
          () => deleteSavedView(id),
          t('errors.delete'),
        ),
      async reorder(ids) {
        const byId = new Map(cached().map((view) => [view.id, view]));
        const next = ids.flatMap((id) => byId.get(id) ?? []);
        await optimistic(next, () => reorderSavedViews(ids), t('errors.reorder'));
      },
    }),
    [cached, optimistic, put, t],
  );
}
