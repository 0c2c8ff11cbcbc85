import {
  encodeMessage,
  QUESTION_IMPORT_MAX_BYTES,
  QUESTION_IMPORT_MAX_MB,
  type QuestionImportPreview,
} from '@elearn/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useFieldMessage } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Notification } from '@/components/ui/notification';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notifications';
import {
  exportUrl,
  previewImport,
  useImportQuestions,
  useQuestionCategories,
} from '../api/question-exchange';
import { plainText, shorten } from '../format';
import { mcTestPaths } from '../tabs';

/** `?category=` of the pool with `path` (page 1) */
const categoryHref = (path: string) => `${mcTestPaths.pool}?${new URLSearchParams({ category: path })}`;

/** A question's category as its levels, each a link to the pool filtered by it (and below). */
export function CategoryPath({ path }: { path: string }) {
  const { t } = useTranslation();
  const levels = path.split('/');
  return (
    <span className="tag is-link is-light" data-testid="pool-question-category-tag">
      <span className="is-sr-only">{t('mcTest.pool.category')}: </span>
      {levels.map((level, i) => (
        <span key={levels.slice(0, i + 1).join('/')}>
          {i > 0 ? ' › ' : null}
          <Link to={categoryHref(levels.slice(0, i + 1).join('/'))} data-testid="pool-category-link">
            {level}
          </Link>
        </span>
      ))}
    </span>
  );
}

/** A filter for `?category=`: this category and every category below it, chosen from the pool's tree of paths. */
export function CategoryFilter() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const categories = useQuestionCategories();
  const id = `category${useId().replace(/:/g, '')}`;
  const list = categories.data?.data ?? [];
  if (list.length === 0 && !category) return null;
  const apply = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('category', value);
    else next.delete('category');
    next.delete('page');
    setParams(next);
  };
  const known = list.some((c) => c.path === category);
  return (
    <div className="field mb-4" data-testid="pool-category-filter">
      <label className="label" htmlFor={id}>
        {t('mcTest.pool.categoryFilter')}
      </label>
      <div className="control">
        <div className="select">
          <select
            id={id}
            value={category}
            onChange={(event) => apply(event.target.value)}
            data-testid="pool-category-select"
          >
            <option value="">{t('mcTest.pool.categoryClear')}</option>
            {category && !known ? <option value={category}>{category}</option> : null}
            {list.map((c) => {
              const levels = c.path.split('/');
              return (
                <option key={c.path} value={c.path}>
                  {`${'\u00a0\u00a0'.repeat(levels.length - 1)}${levels.at(-1)} (${c.count})`}
                </option>
              );
            })}
          </select>
        </div>
      </div>
    </div>
  );
}

/** Download links of the pool (the filtered category only when one is set) as Moodle XML and GIFT. */
export function ExportLinks({ category }: { category?: string }) {
  const { t } = useTranslation();
  return (
    <div className="buttons are-small" data-testid="pool-export">
      <a className="button" href={exportUrl('moodle-xml', category)} download data-testid="pool-export-xml">
        {t('mcTest.pool.exchange.exportXml')}
      </a>
      <a className="button" href={exportUrl('gift', category)} download data-testid="pool-export-gift">
        {t('mcTest.pool.exchange.exportGift')}
      </a>
    </div>
  );
}

function Message({ encoded }: { encoded: string }) {
  return <>{useFieldMessage(encoded) ?? encoded}</>;
}

/** the server's message of a refused file: the field message of `file` or `format`, else the error's */
function errorText(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const fields = error.errors;
  return fields.file?.[0] ?? fields.format?.[0] ?? fields.content?.[0] ?? error.message;
}

function PreviewList({ preview }: { preview: QuestionImportPreview }) {
  const { t } = useTranslation();
  return (
    <div data-testid="import-preview">
      <p className="mb-2" data-testid="import-preview-summary">
        {t('mcTest.pool.exchange.summary', {
          count: preview.questions.length,
          skipped: preview.skipped.length,
        })}
      </p>
      {preview.questions.length > 0 ? (
        <ol className="mb-3 import-preview-list" data-testid="import-preview-questions">
          {preview.questions.map((q) => (
            <li key={q.position} data-testid="import-preview-question">
              <strong>{shorten(plainText(q.label), 120)}</strong>{' '}
              <span className="has-text-grey">
                {t('mcTest.pool.exchange.answers', {
                  count: q.answers.length,
                  correct: q.answers.filter((a) => a.correct).length,
                })}
                {q.category ? ` · ${q.category}` : ''}
              </span>
              {q.notes.length > 0 ? (
                <ul className="help is-warning">
                  {q.notes.map((note) => (
                    <li key={note}>
                      <Message encoded={note} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {preview.skipped.length > 0 ? (
        <>
          <p className="has-text-weight-semibold">{t('mcTest.pool.exchange.skipped')}</p>
          <ul className="mb-3" data-testid="import-preview-skipped">
            {preview.skipped.map((s) => (
              <li key={s.position} data-testid="import-preview-skipped-item">
                {t('mcTest.pool.exchange.skippedItem', { position: s.position, name: s.name ?? '–' })}{' '}
                <Message encoded={s.reason} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/**
 * Import of Moodle XML or GIFT: choose a file → the server's preview (what it creates, what it
 * skips and why, nothing written) → confirm → all created at once, or nothing on an error.
 */
export function ImportQuestions() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<QuestionImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const importing = useImportQuestions();
  const inputId = `import${useId().replace(/:/g, '')}`;

  const close = () => {
    setOpen(false);
    setFile(null);
    setPreview(null);
    setError(null);
  };
  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setError(null);
    if (!chosen) return;
    if (chosen.size > QUESTION_IMPORT_MAX_BYTES) {
      setError(encodeMessage('question.import_too_large', { max: QUESTION_IMPORT_MAX_MB }));
      return;
    }
    setReading(true);
    try {
      setPreview(await previewImport(chosen));
    } catch (err) {
      setError(errorText(err) ?? t('mcTest.pool.exchange.failed'));
    } finally {
      setReading(false);
    }
  };
  const confirm = async () => {
    if (!file) return;
    setError(null);
    try {
      const result = await importing.mutateAsync(file);
      notify('success', t('mcTest.pool.exchange.done', { count: result.created }));
      close();
    } catch (err) {
      setError(errorText(err) ?? t('mcTest.pool.exchange.failed'));
    }
  };
  const canImport = !!preview && preview.questions.length > 0 && !reading;

  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid="pool-import-open">
        {t('mcTest.pool.exchange.import')}
      </Button>
      <Modal
        open={open}
        onClose={close}
        closable={!importing.isPending}
        title={t('mcTest.pool.exchange.title')}
        footer={
          <div className="buttons">
            <Button
              variant="primary"
              onClick={confirm}
              disabled={!canImport}
              isLoading={importing.isPending}
              data-testid="import-confirm"
            >
              {t('mcTest.pool.exchange.confirm', { count: preview?.questions.length ?? 0 })}
            </Button>
            <Button onClick={close} disabled={importing.isPending} data-testid="import-cancel">
              {t('common.cancel')}
            </Button>
          </div>
        }
      >
        <p className="mb-3">{t('mcTest.pool.exchange.intro', { max: QUESTION_IMPORT_MAX_MB })}</p>
        <div className="field">
          <label className="label" htmlFor={inputId}>
            {t('mcTest.pool.exchange.file')}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".xml,.txt,.gift,application/xml,text/xml,text/plain"
            onChange={(event) => void choose(event.target.files?.[0] ?? null)}
            disabled={importing.isPending}
            data-testid="import-file"
          />
        </div>
        {reading ? (
          <p role="status" data-testid="import-reading">
            {t('mcTest.pool.exchange.reading')}
          </p>
        ) : null}
        {importing.isPending ? (
          <p role="status" data-testid="import-running">
            {t('mcTest.pool.exchange.running')}
          </p>
        ) : null}
        {error ? (
          <div data-testid="import-error">
            <Notification variant="danger" role="alert">
              <Message encoded={error} />
            </Notification>
          </div>
        ) : null}
        {preview ? <PreviewList preview={preview} /> : null}
      </Modal>
    </>
  );
}
