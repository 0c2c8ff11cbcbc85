import { type McTestDto, QUESTIONS_PER_TEST_MAX, questionWeight } from '@elearn/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerHtml } from '@/components/html-content';
import { Button, ButtonLink } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { notify } from '@/lib/notifications';
import { useAttachQuestions } from '../api/attach-questions';
import { useQuestions } from '../api/get-questions';
import { useUnattachQuestion } from '../api/unattach-question';
import { plainText, shorten } from '../format';
import { mcTestPaths } from '../tabs';
import '../mc-tests.css';

const POOL_PAGE = 10;

/**
 * "Add from the pool": the caller's questions not yet in the test (`exclude_mc_test_id`), with a
 * search and pages; the chosen ones are attached in one call, in the order they were ticked.
 */
function AttachFromPool({ test, open, onClose }: { test: McTestDto; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const searchId = `pool-search${useId().replace(/:/g, '')}`;
  const query = useQuestions({ page, q, exclude: test.id, perPage: POOL_PAGE }, open);
  const attach = useAttachQuestions();
  const data = query.data;

  const close = () => {
    setChosen([]);
    setError(null);
    onClose();
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
    setPage(1);
  };

  const submit = () => {
    setError(null);
    attach.mutate(
      { mcTestId: test.id, questions: chosen },
      {
        onSuccess: () => {
          notify('success', t('mcTest.editor.attached', { count: chosen.length }));
          close();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('mcTest.editor.fromPoolTitle')}
      onClose={attach.isPending ? undefined : close}
      footer={
        <div className="buttons">
          <Button
            variant="primary"
            onClick={submit}
            disabled={chosen.length === 0}
            isLoading={attach.isPending}
            data-testid="pool-attach-submit"
          >
            {t('mcTest.editor.attachChosen', { count: chosen.length })}
          </Button>
          <Button onClick={close} disabled={attach.isPending}>
            {t('common.cancel')}
          </Button>
        </div>
      }
    >
      <div data-testid="pool-attach-dialog">
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some screen readers */}
        <form role="search" onSubmit={search} className="field has-addons mb-4">
          <div className="control is-expanded">
            <label className="is-sr-only" htmlFor={searchId}>
              {t('mcTest.pool.search')}
            </label>
            <input
              id={searchId}
              type="search"
              className="input"
              value={text}
              placeholder={t('mcTest.pool.search')}
              onChange={(event) => setText(event.target.value)}
              data-testid="pool-attach-search"
            />
          </div>
          <div className="control">
            <Button type="submit">{t('common.search')}</Button>
          </div>
        </form>
        {error ? (
          <div className="notification is-danger is-light" role="alert">
            {error}
          </div>
        ) : null}
        {query.isPending ? (
          <p role="status">{t('common.loading')}</p>
        ) : query.isError ? (
          <p className="has-text-danger" role="alert">
            {query.error.message}
          </p>
        ) : data && data.data.length === 0 ? (
          <p className="has-text-grey" data-testid="pool-attach-empty">
            {q ? t('mcTest.pool.noMatch') : t('mcTest.editor.poolEmpty')}
          </p>
        ) : (
          <ul>
            {data?.data.map((question) => {
              const id = `pool-pick-${question.id}`;
              return (
                <li key={question.id} className="mb-2">
                  <label className="checkbox" htmlFor={id}>
                    <input
                      id={id}
                      type="checkbox"
                      className="mr-2"
                      checked={chosen.includes(question.id)}
                      onChange={(event) =>
                        setChosen((list) =>
                          event.target.checked
                            ? [...list, question.id]
                            : list.filter((x) => x !== question.id),
                        )
                      }
                      data-testid="pool-attach-pick"
                      data-question-id={question.id}
                    />
                    {shorten(plainText(question.label), 120)}
                    {question.points ? (
                      <span className="tag is-info is-light ml-2">
                        {t('mcTest.points', { count: question.points })}
                      </span>
                    ) : null}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {data && data.last_page > 1 ? (
          <div className="buttons is-centered mt-3">
            <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('pagination.previous')}
            </Button>
            <span className="is-size-7 mx-2">
              {t('mcTest.editor.pageOf', { page: data.current_page, last: data.last_page })}
            </span>
            <Button size="small" disabled={page >= data.last_page} onClick={() => setPage((p) => p + 1)}>
              {t('pagination.next')}
            </Button>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}

/** The questions of a test in order: detach one, add from the pool, or write a new one for it. */
export function TestQuestions({ test }: { test: McTestDto }) {
  const { t } = useTranslation();
  const unattach = useUnattachQuestion();
  const [picking, setPicking] = useState(false);
  const totalWeight = test.questions.reduce((sum, question) => sum + questionWeight(question), 0);
  const full = test.questions.length >= QUESTIONS_PER_TEST_MAX;

  return (
    <section className="box" aria-labelledby="test-questions-title" data-testid="test-questions">
      <div className="is-flex is-justify-content-space-between is-align-items-baseline is-flex-wrap-wrap mb-3">
        <h2 className="title is-5 mb-2" id="test-questions-title">
          {t('mcTest.editor.questionsTitle', { count: test.questions.length })}
        </h2>
        <div className="buttons">
          <Button onClick={() => setPicking(true)} disabled={full} data-testid="test-questions-from-pool">
            {t('mcTest.editor.fromPool')}
          </Button>
          <ButtonLink
            to={mcTestPaths.newQuestion(test.id)}
            variant="primary"
            data-testid="test-questions-new"
          >
            {t('mcTest.editor.newQuestion')}
          </ButtonLink>
        </div>
      </div>
      {test.questions.length === 0 ? (
        <p className="has-text-grey" data-testid="test-questions-empty">
          {t('mcTest.editor.noQuestions')}
        </p>
      ) : (
        <>
          <p className="is-size-7 mb-3" data-testid="test-questions-weight">
            {t('mcTest.editor.totalWeight', { count: totalWeight })}
          </p>
          <ol className="ml-5">
            {test.questions.map((question) => {
              const correct = question.answers.filter((answer) => answer.correct).length;
              return (
                <li
                  key={question.id}
                  className="mb-3"
                  data-testid="test-question-item"
                  data-question-id={question.id}
                >
                  <div className="is-flex is-justify-content-space-between is-align-items-flex-start has-gap-m">
                    <div>
                      <ServerHtml html={question.label} className="pool-question-text mb-1" />
                      <div className="tags">
                        <span className="tag is-light">
                          {t('mcTest.points', { count: questionWeight(question) })}
                        </span>
                        <span className={`tag is-light ${correct === 0 ? 'is-warning' : ''}`}>
                          {t('mcTest.pool.correctCount', { count: correct, total: question.answers.length })}
                        </span>
                      </div>
                    </div>
                    <Button
                      size="small"
                      variant="danger"
                      outlined
                      isLoading={unattach.isPending && unattach.variables?.questionId === question.id}
                      onClick={() =>
                        unattach.mutate(
                          { mcTestId: test.id, questionId: question.id },
                          {
                            onSuccess: () => notify('success', t('mcTest.editor.detached')),
                            onError: (failure) => notify('danger', failure.message),
                          },
                        )
                      }
                      aria-label={t('mcTest.editor.detachN', {
                        label: shorten(plainText(question.label), 60),
                      })}
                      data-testid="test-question-detach"
                    >
                      {t('mcTest.editor.detach')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
      <AttachFromPool test={test} open={picking} onClose={() => setPicking(false)} />
    </section>
  );
}
