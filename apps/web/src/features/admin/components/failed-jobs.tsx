import type { FailedJobDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Table } from '@/components/ui/table';
import { notify } from '@/lib/notifications';
import { useAdminJobs, useFailedJobs } from '../api/get-admin-jobs';
import { useJobAction } from '../api/job-action';
import { useRunScheduledJob } from '../api/run-scheduled-job';
import { errorText } from '../error-text';
import { useAdminFormat } from '../format';

/** failed jobs shown on the overview; the rest with `npm run cli -- jobs:failed` */
const SHOWN = 10;

type Pending = { job: FailedJobDto; action: 'retry' | 'discard' };

/**
 * The job queue on the admin overview (issue 35): per kind how many jobs wait, run and failed,
 * and the latest failed jobs with their last error, each to run again or to discard (asked
 * first; both are audited). No payload is shown: the API has none.
 */
export function JobQueue() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const kinds = useAdminJobs();
  const failed = useFailedJobs({ page: 1, per_page: SHOWN });
  const action = useJobAction();
  const runNow = useRunScheduledJob();
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const kindName = (kind: string) => t(`admin.jobs.kinds.${kind}`, { defaultValue: kind });

  /** a scheduled kind now; the server's answer (202 or its refusal) as a toast */
  const startNow = async (kind: string) => {
    try {
      notify('success', (await runNow.mutateAsync(kind)).message);
    } catch (failure) {
      notify('danger', errorText(failure, t('admin.jobs.actionFailed')));
    }
  };

  const run = async () => {
    if (!pending) return;
    setError(null);
    try {
      await action.mutateAsync({ id: pending.job.id, action: pending.action });
      notify('success', t(pending.action === 'retry' ? 'admin.jobs.retried' : 'admin.jobs.discarded'));
      setPending(null);
    } catch (failure) {
      setError(errorText(failure, t('admin.jobs.actionFailed')));
    }
  };

  return (
    <section aria-labelledby="admin-jobs-title" className="mt-5" data-testid="admin-jobs">
      <h2 className="title is-5" id="admin-jobs-title">
        {t('admin.jobs.title')}
      </h2>
      <QueryState query={kinds}>
        {(list) => (
          <Table
            headers={[
              t('admin.jobs.kind'),
              t('admin.jobs.queued'),
              t('admin.jobs.active'),
              t('admin.jobs.failed'),
              t('admin.jobs.oldest'),
              t('admin.jobs.schedule'),
              <span className="is-sr-only" key="actions">
                {t('admin.jobs.actions')}
              </span>,
            ]}
            labelledBy="admin-jobs-title"
            testId="admin-job-kinds"
          >
            {list.map((k) => (
              <tr key={k.kind}>
                <td>{kindName(k.kind)}</td>
                <td>{k.queued}</td>
                <td>{k.active}</td>
                <td className={k.failed ? 'has-text-danger has-text-weight-semibold' : undefined}>
                  {k.failed}
                </td>
                <td>
                  {k.oldest_waiting_seconds
                    ? t('admin.jobs.seconds', { count: k.oldest_waiting_seconds })
                    : '–'}
                </td>
                <td>{k.schedule ? <code>{k.schedule}</code> : '–'}</td>
                <td>
                  {k.schedule ? (
                    <Button
                      size="small"
                      onClick={() => void startNow(k.kind)}
                      isLoading={runNow.isPending && runNow.variables === k.kind}
                      aria-label={t('admin.jobs.runNowOf', { kind: kindName(k.kind) })}
                    >
                      {t('admin.jobs.runNow')}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </QueryState>
      <h3 className="title is-6 mt-4" id="admin-failed-jobs-title">
        {t('admin.jobs.failedTitle')}
      </h3>
      <QueryState query={failed}>
        {(page) =>
          page.total === 0 ? (
            <p className="has-text-grey">{t('admin.jobs.noneFailed')}</p>
          ) : (
            <>
              <Table
                headers={[
                  t('admin.jobs.failedAt'),
                  t('admin.jobs.kind'),
                  t('admin.jobs.attempts'),
                  t('admin.jobs.lastError'),
                  <span className="is-sr-only" key="actions">
                    {t('admin.jobs.actions')}
                  </span>,
                ]}
                labelledBy="admin-failed-jobs-title"
                testId="admin-failed-jobs"
                stickyActions
              >
                {page.data.map((job) => (
                  <tr key={job.id} data-testid={`failed-job-${job.id}`}>
                    <td>{format.dateTime(job.failed_at)}</td>
                    <td>{kindName(job.kind)}</td>
                    <td>{job.attempts}</td>
                    <td>
                      <code>{job.last_error}</code>
                    </td>
                    <td>
                      <div className="buttons is-flex-wrap-nowrap">
                        <Button size="small" onClick={() => setPending({ job, action: 'retry' })}>
                          {t('admin.jobs.retry')}
                        </Button>
                        <Button
                          size="small"
                          variant="danger"
                          outlined
                          onClick={() => setPending({ job, action: 'discard' })}
                        >
                          {t('admin.jobs.discard')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </Table>
              {page.total > page.data.length ? (
                <p className="help">{t('admin.jobs.more', { count: page.total - page.data.length })}</p>
              ) : null}
            </>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending ? t(pending.action === 'retry' ? 'admin.jobs.retryTitle' : 'admin.jobs.discardTitle') : ''
        }
        confirmLabel={
          pending ? t(pending.action === 'retry' ? 'admin.jobs.retry' : 'admin.jobs.discard') : ''
        }
        variant={pending?.action === 'discard' ? 'danger' : 'primary'}
        onConfirm={() => void run()}
        onCancel={() => setPending(null)}
        busy={action.isPending}
        error={error}
      >
        <p>
          {pending
            ? t(pending.action === 'retry' ? 'admin.jobs.retryText' : 'admin.jobs.discardText', {
                kind: kindName(pending.job.kind),
              })
            : null}
        </p>
      </ConfirmDialog>
    </section>
  );
}
