import type { McTestDto, OwnerChapter } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { notify } from '@/lib/notifications';
import { useAddTestToChapter } from '../api/add-test-to-chapter';
import { useOwnerChapters } from '../api/get-owner-chapters';
import { useRemoveTestFromChapter } from '../api/remove-test-from-chapter';

/** The chapters grouped by seminar (the order of the server: seminar title, then position). */
function bySeminar(chapters: OwnerChapter[]) {
  const groups = new Map<number, { title: string; chapters: OwnerChapter[] }>();
  for (const chapter of chapters) {
    const group = groups.get(chapter.seminar.id) ?? { title: chapter.seminar.title, chapters: [] };
    group.chapters.push(chapter);
    groups.set(chapter.seminar.id, group);
  }
  return [...groups.entries()];
}

/**
 * Attaches the test to one chapter of the caller's seminars (`PATCH /api/chapters/add/test/`)
 * or detaches it (`PATCH /api/chapters/remove/test/`). A test sits on at most one chapter.
 */
export function ChapterAttach({ test }: { test: McTestDto }) {
  const { t } = useTranslation();
  const chapters = useOwnerChapters();
  const add = useAddTestToChapter();
  const remove = useRemoveTestFromChapter();
  const [choice, setChoice] = useState<string>(test.chapter_id ? String(test.chapter_id) : '');
  const [error, setError] = useState<string | null>(null);
  const current = test.chapter;

  const attach = () => {
    const chapterId = Number(choice);
    if (!chapterId) {
      setError(t('mcTest.attach.choose'));
      return;
    }
    setError(null);
    add.mutate(
      { mcTestId: test.id, chapterId },
      {
        onSuccess: (updated) =>
          notify('success', t('mcTest.attach.attached', { chapter: updated.chapter?.label ?? '' })),
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <section className="box" aria-labelledby="chapter-attach-title" data-testid="chapter-attach">
      <h2 className="title is-5" id="chapter-attach-title">
        {t('mcTest.attach.title')}
      </h2>
      {current ? (
        <div className="is-flex is-align-items-center is-flex-wrap-wrap mb-3 has-gap-s">
          <span data-testid="chapter-attach-current">
            {t('mcTest.attach.current')}{' '}
            <AppLink to={`/seminar/id/${current.seminar.id}/chapter/${current.id}/play`}>
              {current.seminar.title} › {current.label}
            </AppLink>
          </span>
          {current.unlocked === 0 ? (
            <span className="tag is-warning is-light" data-testid="chapter-attach-locked">
              {t('mcTest.attach.lockedHint')}
            </span>
          ) : null}
          <Button
            size="small"
            variant="danger"
            outlined
            isLoading={remove.isPending}
            onClick={() =>
              remove.mutate(test.id, {
                onSuccess: () => {
                  setChoice('');
                  notify('success', t('mcTest.attach.detached'));
                },
                onError: (failure) => setError(failure.message),
              })
            }
            data-testid="chapter-detach"
          >
            {t('mcTest.attach.detach')}
          </Button>
        </div>
      ) : (
        <p className="has-text-grey mb-3" data-testid="chapter-attach-none">
          {t('mcTest.attach.none')}
        </p>
      )}
      {chapters.isError ? (
        <p className="has-text-danger" role="alert">
          {chapters.error.message}
        </p>
      ) : chapters.data && chapters.data.length === 0 ? (
        <p className="has-text-grey" data-testid="chapter-attach-empty">
          {t('mcTest.attach.noChapters')} <AppLink to="/seminar/own">{t('mcTest.attach.toSeminars')}</AppLink>
        </p>
      ) : (
        <div className="is-flex is-align-items-flex-end is-flex-wrap-wrap has-gap-s">
          <div className="is-grow-18rem">
            <Field
              label={t('mcTest.attach.chapter')}
              id={`chapter-select-${test.id}`}
              error={error ?? undefined}
            >
              <div className="select is-fullwidth">
                <select
                  id={`chapter-select-${test.id}`}
                  value={choice}
                  disabled={!chapters.data}
                  onChange={(event) => setChoice(event.target.value)}
                  data-testid="chapter-select"
                >
                  <option value="">{chapters.data ? t('mcTest.attach.choose') : t('common.loading')}</option>
                  {bySeminar(chapters.data ?? []).map(([seminarId, group]) => (
                    <optgroup key={seminarId} label={group.title}>
                      {group.chapters.map((chapter) => (
                        <option key={chapter.id} value={chapter.id}>
                          {chapter.chapter_id ? `– ${chapter.label}` : chapter.label}
                          {chapter.unlocked === 0 ? ` (${t('mcTest.chapterLocked')})` : ''}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              </div>
            </Field>
          </div>
          <div className="field">
            <Button
              variant="primary"
              onClick={attach}
              isLoading={add.isPending}
              disabled={!choice || choice === String(test.chapter_id ?? '')}
              data-testid="chapter-attach-submit"
            >
              {current ? t('mcTest.attach.move') : t('mcTest.attach.attach')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
