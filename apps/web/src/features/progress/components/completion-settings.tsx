import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { useFieldMessage } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notifications';
import { useCompletionSettings } from '../api/get-completion-settings';
import { useSaveCompletionSettings } from '../api/save-completion-settings';

/**
 * Owners: how the seminar is completed (issue 16): the hours on the certificate, whether tests
 * count only after the graduation is confirmed, and which chapters are done when their videos
 * are watched to 90 % (instead of the learner's mark).
 */
/** A chapter of the seminar's tree as the settings list it (the route passes the side menu's). */
export interface CompletionChapter {
  id: number;
  label: string;
  sub_chapters: { id: number; label: string }[];
}

export function CompletionSettings({ seminarId, tree }: { seminarId: number; tree: CompletionChapter[] }) {
  const { t } = useTranslation();
  const query = useCompletionSettings(seminarId);
  const save = useSaveCompletionSettings(seminarId);
  const [hours, setHours] = useState('');
  const [confirm, setConfirm] = useState(false);
  const [videoDone, setVideoDone] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | undefined>();
  const hoursError = useFieldMessage(error);
  const hoursId = useId();

  useEffect(() => {
    if (!query.data) return;
    setHours(query.data.hours === null ? '' : String(query.data.hours).replace('.', ','));
    setConfirm(query.data.require_confirmation);
    setVideoDone(new Set(query.data.video_done_chapter_ids));
  }, [query.data]);

  const chapters = tree.flatMap((c) => [
    { id: c.id, label: c.label, sub: false },
    ...c.sub_chapters.map((s) => ({ id: s.id, label: s.label, sub: true })),
  ]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const trimmed = hours.trim().replace(',', '.');
    const value = trimmed === '' ? null : Number(trimmed);
    if (value !== null && (!Number.isFinite(value) || value <= 0 || value > 1000)) {
      setError(t('progress.settings.hoursInvalid'));
      return;
    }
    save.mutate(
      { hours: value, require_confirmation: confirm, video_done_chapter_ids: [...videoDone] },
      {
        onSuccess: () => notify('success', t('progress.settings.saved')),
        onError: (err) =>
          isApiError(err) && err.errors.hours ? setError(err.errors.hours[0]) : notify('danger', err.message),
      },
    );
  };
  return (
    <section
      className="box mt-5"
      aria-labelledby="completion-settings-title"
      data-testid="completion-settings"
    >
      <h2 className="title is-5" id="completion-settings-title">
        {t('progress.settings.title')}
      </h2>
      <QueryState query={query}>
        {() => (
          <form onSubmit={submit} noValidate>
            <div className="field">
              <label className="label" htmlFor={hoursId}>
                {t('progress.settings.hours')}
              </label>
              <div className="control">
                <input
                  id={hoursId}
                  className={`input${hoursError ? ' is-danger' : ''}`}
                  inputMode="decimal"
                  value={hours}
                  onChange={(e) => setHours(e.target.value)}
                  aria-invalid={hoursError ? true : undefined}
                  aria-describedby={`${hoursId}-help`}
                  data-testid="completion-hours"
                />
              </div>
              <p className={`help${hoursError ? ' is-danger' : ''}`} id={`${hoursId}-help`}>
                {hoursError ?? t('progress.settings.hoursHelp')}
              </p>
            </div>
            <div className="field">
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={confirm}
                  onChange={(e) => setConfirm(e.target.checked)}
                  data-testid="completion-require-confirmation"
                />{' '}
                {t('progress.settings.requireConfirmation')}
              </label>
            </div>
            <fieldset className="field">
              <legend className="label">{t('progress.settings.videoDone')}</legend>
              <p className="help mb-2">{t('progress.settings.videoDoneHelp')}</p>
              {chapters.length === 0 ? (
                <p className="has-text-grey is-size-7">{t('chapter.menu.empty')}</p>
              ) : (
                chapters.map((c) => (
                  <label key={c.id} className={`checkbox is-block${c.sub ? ' ml-4' : ''}`}>
                    <input
                      type="checkbox"
                      checked={videoDone.has(c.id)}
                      onChange={(e) =>
                        setVideoDone((set) => {
                          const next = new Set(set);
                          if (e.target.checked) next.add(c.id);
                          else next.delete(c.id);
                          return next;
                        })
                      }
                      data-testid="completion-video-done"
                      data-chapter-id={c.id}
                    />{' '}
                    {c.label}
                  </label>
                ))
              )}
            </fieldset>
            <Button type="submit" variant="primary" isLoading={save.isPending} data-testid="completion-save">
              {t('progress.settings.save')}
            </Button>
          </form>
        )}
      </QueryState>
    </section>
  );
}
