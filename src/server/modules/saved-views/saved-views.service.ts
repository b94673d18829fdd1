import {
  defaultViewFilters,
  defaultViewKinds,
  SAVED_VIEWS_PER_USER_MAX,
  savedViewErrorCodes,
  type SavedView,
  type SavedViewCreate,
  type SavedViewFilters,
  type SavedViewUpdate,
} from '../../../contract/saved-views.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireOwnData } from '../../lib/sample-data-writes.ts';
import type { DataMode } from '../test-mode/test-mode.service.ts';
import type { SavedViewRow, SavedViewsRepo } from './saved-views.repo.ts';

/** The ids a view may name: the user's tags and connections as their message list shows them. */
export type KnownReferences = { tagIds: ReadonlySet<string>; connectionIds: ReadonlySet<string> };

export type SavedViewsServiceDeps = {
  repo: SavedViewsRepo;
  dataModeFor: (userId: string) => Promise<DataMode>;
  isDemo: (userId: string) => Promise<boolean>;
  referencesOf: (userId: string) => Promise<KnownReferences>;
};

const EPOCH = new Date(0).toISOString();

/** What a view names that is not there any more. */
function missingOf(filters: SavedViewFilters, known: KnownReferences): SavedView['missing'] {
  return {
    tag: filters.tag_id !== null && !known.tagIds.has(filters.tag_id),
    connection_ids: filters.connection_ids.filter((id) => !known.connectionIds.has(id)),
  };
}

function toSavedView(row: SavedViewRow, known: KnownReferences): SavedView {
  return {
    id: row.id,
    name: row.name,
    default_kind: row.defaultKind,
    filters: row.filters,
    missing: missingOf(row.filters, known),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Demo accounts and test mode see the defaults, read-only, as they see the sample tags (SPEC §5). */
const sampleViews: SavedView[] = defaultViewKinds.map((kind) => ({
  id: `default-${kind}`,
  name: null,
  default_kind: kind,
  filters: defaultViewFilters[kind],
  missing: { tag: false, connection_ids: [] },
  created_at: EPOCH,
  updated_at: EPOCH,
}));

function notFound(): HttpError {
  return new HttpError(404, 'View not found', savedViewErrorCodes.notFound);
}

function nameTaken(): HttpError {
  return new HttpError(409, 'Another view has this name', savedViewErrorCodes.nameTaken);
}

export function createSavedViewsService(deps: SavedViewsServiceDeps) {
  const { repo } = deps;

  const requireWritable = (userId: string) => requireOwnData(deps, userId, 'Views');

  /** A new view names only the user's own tags and connections; a deleted one is refused, not kept. */
  async function requireKnown(userId: string, filters: SavedViewFilters): Promise<void> {
    const missing = missingOf(filters, await deps.referencesOf(userId));
    if (missing.tag) {
      throw new HttpError(400, 'filters.tag_id: no such tag', savedViewErrorCodes.unknownReference);
    }
    if (missing.connection_ids.length > 0) {
      throw new HttpError(
        400,
        `filters.connection_ids: no such connection ${missing.connection_ids.join(', ')}`,
        savedViewErrorCodes.unknownReference,
      );
    }
  }

  return {
    async list(userId: string): Promise<SavedView[]> {
      if ((await deps.dataModeFor(userId)).kind === 'sample') return sampleViews;
      const [rows, known] = await Promise.all([repo.list(userId), deps.referencesOf(userId)]);
      return rows.map((row) => toSavedView(row, known));
    },

    async create(userId: string, input: SavedViewCreate): Promise<SavedView> {
      await requireWritable(userId);
      await requireKnown(userId, input.filters);
      const row = await repo.insert(userId, input, SAVED_VIEWS_PER_USER_MAX);
      if (row === 'limit') {
        throw new HttpError(
          403,
          `You can keep at most ${SAVED_VIEWS_PER_USER_MAX} views. Delete one to save another.`,
          savedViewErrorCodes.limit,
        );
      }
      if (row === 'duplicate') throw nameTaken();
      return toSavedView(row, await deps.referencesOf(userId));
    },

    async update(userId: string, viewId: string, input: SavedViewUpdate): Promise<SavedView> {
      await requireWritable(userId);
      const view = await repo.find(userId, viewId);
      if (!view) throw notFound();
      if (view.defaultKind === null && input.name === null) {
        throw new HttpError(400, 'name: a view of your own needs a name', 'VALIDATION_ERROR');
      }
      if (view.defaultKind !== null && input.filters !== undefined) {
        throw new HttpError(
          400,
          'The filters of a default view stay as they are',
          savedViewErrorCodes.defaultView,
        );
      }
      if (input.filters) await requireKnown(userId, input.filters);
      const row = await repo.update(userId, viewId, input);
      if (row === 'conflict') throw nameTaken();
      if (!row) throw notFound();
      return toSavedView(row, await deps.referencesOf(userId));
    },

    async remove(userId: string, viewId: string): Promise<void> {
      await requireWritable(userId);
      if (await repo.delete(userId, viewId)) return;
      const view = await repo.find(userId, viewId);
      if (!view) throw notFound();
      throw new HttpError(400, 'A default view cannot be deleted', savedViewErrorCodes.defaultView);
    },

    async reorder(userId: string, ids: readonly string[]): Promise<SavedView[]> {
      await requireWritable(userId);
      if ((await repo.reorder(userId, ids)) === 'mismatch') {
        throw new HttpError(400, 'ids: must name each of your views once', savedViewErrorCodes.order);
      }
      return this.list(userId);
    },
  };
}

export type SavedViewsService = ReturnType<typeof createSavedViewsService>;
