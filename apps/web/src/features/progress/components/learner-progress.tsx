import type { LearnerProgressRow } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DueState } from '@/components/due-state';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { formatDate, formatPercent } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { exportProgress } from '../api/export-progress';
import { useLearnerProgress } from '../api/get-learner-progress';
import { percentOf } from '../format';
import { RevokeCertificateButton } from './revoke-certificate';

type Kind = 'personal' | 'company' | undefined;

/**
 * The learners of a seminar with their progress (issue 16): owners and admins see every booking,
 * personal and company; a company manager sees the company's employees. With the Excel export;
 * owners revoke certificates here.
 */
export function LearnerProgress({
  seminarId,
  title,
  canRevoke,
}: {
  seminarId: number;
  title: string;
  canRevoke: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<Kind>(undefined);
  const [exporting, setExporting] = useState(false);
  const query = useLearnerProgress(seminarId, page, kind);
  const source = (row: LearnerProgressRow) =>
    row.source === 'company'
      ? t('progress.learners.sourceCompany')
      : row.source === 'purchase'
        ? t('progress.learners.sourcePurchase')
        : t('progress.learners.sourceFree');
  return (
    <section className="mt-6" aria-labelledby="learner-progress-title" data-testid="learner-progress">
      <div className="level mb-3">
        <div className="level-left">
          <h2 className="title is-5 mb-0" id="learner-progress-title">
            {t('progress.learners.title')}
            {query.data ? <span className="tag is-light ml-2">{query.data.total}</span> : null}
          </h2>
        </div>
        <div className="level-right buttons">
          {canRevoke ? (
            <div className="select">
              <select
                aria-label={t('progress.learners.kind')}
                value={kind ?? ''}
                onChange={(e) => {
                  setKind((e.target.value || undefined) as Kind);
                  setPage(1);
                }}
                data-testid="learner-progress-kind"
              >
                <option value="">{t('progress.learners.kindAll')}</option>
                <option value="personal">{t('progress.learners.kindPersonal')}</option>
                <option value="company">{t('progress.learners.kindCompany')}</option>
              </select>
            </div>
          ) : null}
          <Button
            variant="link"
            outlined
            isLoading={exporting}
            onClick={async () => {
              setExporting(true);
              const ok = await exportProgress(seminarId, title);
              setExporting(false);
              if (!ok) notify('danger', t('progress.learners.exportFailed'));
            }}
            data-testid="learner-progress-export"
          >
            {t('progress.learners.export')}
          </Button>
        </div>
      </div>
      <QueryState query={query} loading={<p className="has-text-grey">{t('common.loading')}</p>}>
        {(result) =>
          result.data.length === 0 ? (
            <EmptyState title={t('progress.learners.empty')} testId="learner-progress-empty" />
          ) : (
            <>
              <Table
                labelledBy="learner-progress-title"
                testId="learner-progress-table"
                cards={{ top: [0, 2] }}
                headers={[
                  t('progress.learners.name'),
                  t('progress.learners.source'),
                  t('progress.learners.progress'),
                  t('progress.learners.coverage'),
                  t('progress.learners.completed'),
                  t('progress.learners.certificate'),
                  t('dueState.label'),
                ]}
              >
                {result.data.map((row) => {
                  const name = `${row.user.first_name} ${row.user.last_name}`.trim();
                  const p = row.progress;
                  return (
                    <tr
                      key={`${row.user.id}-${row.source}-${row.company_id ?? ''}`}
                      data-testid="learner-progress-row"
                      data-user-id={row.user.id}
                    >
                      <td>
                        {name}
                        <br />
                        <a className="is-size-7" href={`mailto:${row.user.email}`}>
                          {row.user.email}
                        </a>
                      </td>
                      <td>{source(row)}</td>
                      <td data-testid="learner-progress-percent">
                        <progress
                          className="progress is-small is-success mb-1"
                          value={p.percent}
                          max={100}
                          aria-label={t('progress.summary.label', {
                            percent: formatPercent(p.percent, locale),
                          })}
                        />
                        <span className="is-size-7">
                          {`${formatPercent(p.percent, locale)} · `}
                          {t('progress.summary.chapters', { done: p.chapters_done, total: p.chapters_total })}
                          {p.tests_total > 0
                            ? ` · ${t('progress.summary.tests', { passed: p.tests_passed, total: p.tests_total })}`
                            : null}
                        </span>
                      </td>
                      <td data-testid="learner-progress-coverage">
                        {p.video_coverage === null ? '–' : formatPercent(percentOf(p.video_coverage), locale)}
                        {row.videos.length > 1 ? (
                          <span className="is-size-7 has-text-grey is-block">
                            {row.videos.map((v) => formatPercent(percentOf(v.coverage), locale)).join(' / ')}
                          </span>
                        ) : null}
                      </td>
                      <td>
                        {p.completed_at ? (
                          <time dateTime={p.completed_at}>{formatDate(p.completed_at, locale)}</time>
                        ) : (
                          '–'
                        )}
                      </td>
                      <td data-testid="learner-progress-certificate">
                        {p.certificate ? (
                          p.certificate.revoked_at ? (
                            <span
                              className="tag is-danger is-light"
                              data-testid="learner-certificate-revoked"
                            >
                              {t('progress.certificate.revoked')}
                            </span>
                          ) : canRevoke ? (
                            <RevokeCertificateButton code={p.certificate.code} learner={name} />
                          ) : (
                            <span className="tag is-success is-light">{t('progress.certificate.valid')}</span>
                          )
                        ) : (
                          '–'
                        )}
                      </td>
                      <td data-testid="learner-progress-due">
                        {row.due ? <DueState state={row.due.state} dueDate={row.due.due_date} /> : '–'}
                      </td>
                    </tr>
                  );
                })}
              </Table>
              {result.last_page > 1 ? (
                <nav className="buttons is-centered" aria-label={t('pagination.label')}>
                  <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                    {t('pagination.previous')}
                  </Button>
                  <span className="mx-3">
                    {t('progress.learners.page', { page: result.current_page, last: result.last_page })}
                  </span>
                  <Button
                    size="small"
                    disabled={page >= result.last_page}
                    onClick={() => setPage((p) => p + 1)}
                  >
                    {t('pagination.next')}
                  </Button>
                </nav>
              ) : null}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
