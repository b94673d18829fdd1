import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ListFilter, Plus, Tags, UserRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  TAGS_PER_USER_MAX,
  tagErrorCodes,
  type TagCreateInput,
  type TagRecord,
} from '../../../../contract/tags.ts';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { tagName } from '../../../lib/tag-name.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCreateTag } from '../api/create-tag.ts';
import { useDeleteTag } from '../api/delete-tag.ts';
import { tagStatisticsQueryOptions } from '../api/get-tag-statistics.ts';
import { useUpdateTag } from '../api/update-tag.ts';
import { DeleteTagDialog } from './DeleteTagDialog.tsx';
import { TagForm } from './TagForm.tsx';
import { TagListItem } from './TagListItem.tsx';
import { focusOnMount } from '../../../lib/focus-on-mount.ts';

/** Why tags cannot be changed: a shared demo account, or test mode showing sample tags. */
export type TagsReadOnlyReason = 'demo' | 'test-mode';

interface TagsPageProps {
  readOnly: TagsReadOnlyReason | null;
  /** Runs after a tag was renamed, recoloured or deleted: messages carrying it must show the change. */
  onTagsChanged(): void;
}

type Editing = { kind: 'none' } | { kind: 'create' } | { kind: 'edit'; tagId: string };

/** The tags page (SPEC §2): create, list, edit inline one at a time, and delete after confirmation. */
export function TagsPage({ readOnly, onTagsChanged }: TagsPageProps) {
  const { t } = useTranslation('tags');
  useDocumentTitle(t('page.title'));
  const { showToast } = useToast();
  const statistics = useQuery(tagStatisticsQueryOptions());
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  /** Where focus goes back to once a form closes: the create button, or the edit button of the edited tag. */
  const [returnFocusTo, setReturnFocusTo] = useState<string | null>(null);
  const closeForm = () => {
    setReturnFocusTo(editing.kind === 'edit' ? editing.tagId : 'create');
    setEditing({ kind: 'none' });
  };
  const [deleting, setDeleting] = useState<TagRecord | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Set once a tag is deleted: its delete button is gone, so focus goes to the page heading. */
  const afterDeleteFocusRef = useRef<HTMLElement | null>(null);
  const createTag = useCreateTag();
  const updateTag = useUpdateTag(onTagsChanged);
  const deleteTag = useDeleteTag(onTagsChanged);

  const reportFailure = (error: unknown, name: string) => {
    const code = error instanceof ApiError ? error.code : undefined;
    const taken = error instanceof ApiError && error.statusCode === 409;
    const text =
      code === tagErrorCodes.limit
        ? t('toast.limit', { max: TAGS_PER_USER_MAX })
        : taken
          ? t('toast.nameTaken', { name })
          : t('toast.failed');
    showToast(text, 'error');
  };

  const create = (values: TagCreateInput) =>
    createTag.mutate(values, {
      onSuccess: (tag) => {
        closeForm();
        showToast(t('toast.created', { name: tagName(tag, currentLanguage()) }), 'success');
      },
      onError: (error) => reportFailure(error, values.name),
    });

  const update = (tagId: string, values: TagCreateInput) =>
    updateTag.mutate(
      { id: tagId, ...values },
      {
        onSuccess: (tag) => {
          closeForm();
          showToast(t('toast.updated', { name: tagName(tag, currentLanguage()) }), 'success');
        },
        onError: (error) => reportFailure(error, values.name),
      },
    );

  const remove = () => {
    if (!deleting) return;
    const name = tagName(deleting, currentLanguage());
    deleteTag.mutate(deleting.id, {
      onSuccess: () => {
        afterDeleteFocusRef.current = headingRef.current;
        showToast(t('toast.deleted', { name }), 'success');
      },
      onError: () => showToast(t('toast.deleteFailed'), 'error'),
      onSettled: () => setDeleting(null),
    });
  };

  const startCreate = () => setEditing({ kind: 'create' });
  const list = statistics.data ?? [];

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <nav className="flex flex-wrap items-center gap-2">
        <Link to="/dashboard" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('page.backToDashboard')}
        </Link>
        <Link to="/rules" className={`${buttonClassName({ variant: 'ghost', size: 'sm' })} ml-auto`}>
          <ListFilter aria-hidden="true" className="size-4" />
          {t('page.rules')}
        </Link>
        <Link to="/account" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
          <UserRound aria-hidden="true" className="size-4" />
          {t('page.account')}
        </Link>
      </nav>

      <div className="mt-6 flex flex-wrap items-end gap-3">
        <div className="mr-auto">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none"
          >
            {t('page.heading')}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {statistics.data ? t('page.count', { count: list.length }) : t('page.intro')}
          </p>
        </div>
        {!readOnly && editing.kind !== 'create' && (
          // Mounted again when the create form closes; focus comes back to it then.
          <Button onClick={startCreate} ref={returnFocusTo === 'create' ? focusOnMount : undefined}>
            <Plus aria-hidden="true" className="size-4" />
            {t('page.create')}
          </Button>
        )}
      </div>

      {readOnly && (
        <p role="note" className="mt-4 rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-900">
          {t(readOnly === 'demo' ? 'page.restricted.demo' : 'page.restricted.testMode')}
        </p>
      )}

      <div className="mt-6 space-y-3">
        {editing.kind === 'create' && (
          <TagForm
            title={t('form.createTitle')}
            submitLabel={t('form.create')}
            saving={createTag.isPending}
            onSubmit={create}
            onCancel={closeForm}
          />
        )}

        {statistics.isPending ? (
          <Spinner label={t('page.loading')} />
        ) : statistics.error ? (
          <Alert>
            <p>{t('page.loadFailed')}</p>
            <Button variant="secondary" size="sm" onClick={() => void statistics.refetch()}>
              {t('page.retry')}
            </Button>
          </Alert>
        ) : list.length === 0 ? (
          editing.kind !== 'create' && (
            <EmptyState
              icon={Tags}
              title={t('page.emptyTitle')}
              body={t('page.emptyBody')}
              action={
                readOnly ? undefined : (
                  <Button onClick={startCreate}>
                    <Plus aria-hidden="true" className="size-4" />
                    {t('page.createFirst')}
                  </Button>
                )
              }
            />
          )
        ) : (
          <ul aria-label={t('page.listLabel')} className="space-y-3">
            {list.map((statistic) => (
              <li key={statistic.tag.id}>
                {editing.kind === 'edit' && editing.tagId === statistic.tag.id ? (
                  <TagForm
                    title={t('form.editTitle')}
                    submitLabel={t('form.save')}
                    saving={updateTag.isPending}
                    initial={{
                      name: statistic.tag.name,
                      name_jp: statistic.tag.name_jp ?? '',
                      color: statistic.tag.color,
                      description: statistic.tag.description ?? '',
                    }}
                    onSubmit={(values) => update(statistic.tag.id, values)}
                    onCancel={closeForm}
                  />
                ) : (
                  <TagListItem
                    statistic={statistic}
                    readOnly={readOnly !== null}
                    focusEdit={returnFocusTo === statistic.tag.id}
                    onEdit={() => setEditing({ kind: 'edit', tagId: statistic.tag.id })}
                    onDelete={() => {
                      afterDeleteFocusRef.current = null;
                      setDeleting(statistic.tag);
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      <DeleteTagDialog
        name={deleting ? tagName(deleting, currentLanguage()) : null}
        deleting={deleteTag.isPending}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
        returnFocusRef={afterDeleteFocusRef}
      />
    </div>
  );
}
