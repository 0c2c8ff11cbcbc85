import type { AdminSeminarDto } from '@elearn/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { notify } from '@/lib/notifications';
import { useAdminUsers } from '../api/get-admin-users';
import { useSetSeminarOwner } from '../api/set-seminar-owner';
import { errorText } from '../error-text';
import { personName } from '../format';

/** people shown per search in the picker */
const PICK_PAGE = 20;

/**
 * Hands a seminar to another trainer: search the users with the trainer scope (or admins),
 * pick one, confirm. The server checks again that the new owner is a trainer or admin.
 */
export function OwnerDialog({ seminar, onClose }: { seminar: AdminSeminarDto; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = `owner${useId().replace(/:/g, '')}`;
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [scope, setScope] = useState<'trainer' | 'admin'>('trainer');
  const [picked, setPicked] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const candidates = useAdminUsers({ page: 1, per_page: PICK_PAGE, scope, ...(q ? { q } : {}) });
  const save = useSetSeminarOwner();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search forgets the choice
  useEffect(() => setPicked(null), [q, scope]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
  };

  const submit = async () => {
    if (picked === null) return;
    setError(null);
    try {
      const updated = await save.mutateAsync({ id: seminar.id, ownerId: picked });
      notify(
        'success',
        t('admin.seminars.ownerChanged', { title: seminar.title, name: personName(updated.owner) }),
      );
      onClose();
    } catch (failure) {
      setError(errorText(failure, t('admin.seminars.ownerFailed')));
    }
  };

  const people = (candidates.data?.data ?? []).filter((user) => !user.disabled);

  return (
    <Modal
      open
      title={t('admin.seminars.ownerTitle', { title: seminar.title })}
      onClose={save.isPending ? undefined : onClose}
      footer={
        <div className="buttons">
          <Button
            variant="primary"
            onClick={() => void submit()}
            disabled={picked === null}
            isLoading={save.isPending}
            data-testid="owner-submit"
          >
            {t('admin.seminars.handOver')}
          </Button>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
        </div>
      }
    >
      <div data-testid="owner-dialog">
        <p className="mb-3">
          {t('admin.seminars.currentOwner', {
            name: personName(seminar.owner),
            username: seminar.owner.username,
          })}
        </p>
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some screen readers and test tools */}
        <form role="search" onSubmit={search} className="mb-3">
          <div className="field has-addons">
            <div className="control">
              <div className="select">
                <select
                  aria-label={t('admin.seminars.ownerScope')}
                  value={scope}
                  onChange={(event) => setScope(event.target.value === 'admin' ? 'admin' : 'trainer')}
                  data-testid="owner-scope"
                >
                  <option value="trainer">{t('admin.scopes.trainer')}</option>
                  <option value="admin">{t('admin.scopes.admin')}</option>
                </select>
              </div>
            </div>
            <div className="control is-expanded">
              <label className="is-sr-only" htmlFor={`${ids}-q`}>
                {t('admin.seminars.ownerSearch')}
              </label>
              <input
                id={`${ids}-q`}
                className="input"
                type="search"
                maxLength={200}
                value={text}
                placeholder={t('admin.seminars.ownerSearch')}
                onChange={(event) => setText(event.target.value)}
                data-testid="owner-search"
              />
            </div>
            <div className="control">
              <Button type="submit">{t('common.search')}</Button>
            </div>
          </div>
        </form>
        {candidates.isPending ? (
          <p>{t('common.loading')}</p>
        ) : candidates.isError ? (
          <p className="has-text-danger" role="alert">
            {errorText(candidates.error, t('common.loadError'))}
          </p>
        ) : people.length === 0 ? (
          <p className="has-text-grey" data-testid="owner-none">
            {t('admin.seminars.noCandidates')}
          </p>
        ) : (
          <fieldset>
            <legend className="label">{t('admin.seminars.newOwner')}</legend>
            {people.map((user) => {
              const current = user.id === seminar.owner.id;
              return (
                <div className="field" key={user.id}>
                  <label className="radio" htmlFor={`${ids}-${user.id}`}>
                    <input
                      id={`${ids}-${user.id}`}
                      type="radio"
                      name={`${ids}-owner`}
                      value={user.id}
                      disabled={current}
                      checked={picked === user.id}
                      onChange={() => setPicked(user.id)}
                      data-testid="owner-option"
                    />{' '}
                    {personName(user)} <span className="has-text-grey">@{user.username}</span>
                    {current ? (
                      <span className="tag is-light ml-2">{t('admin.seminars.isOwner')}</span>
                    ) : null}
                  </label>
                </div>
              );
            })}
            {(candidates.data?.total ?? 0) > PICK_PAGE ? (
              <p className="help">{t('admin.seminars.refine', { count: candidates.data?.total ?? 0 })}</p>
            ) : null}
          </fieldset>
        )}
        {error ? (
          <div className="notification is-danger is-light mt-4 mb-0" role="alert" data-testid="owner-error">
            {error}
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
