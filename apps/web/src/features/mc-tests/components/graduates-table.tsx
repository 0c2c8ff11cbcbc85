import type { OwnerRow, Paginated } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pagination } from '@/components/ui/pagination';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { notify } from '@/lib/notifications';
import { useConfirmGraduation } from '../api/confirm-graduation';
import { useGrantRun } from '../api/grant-run';
import { formatDateTime, formatPercent } from '../format';
import { GrantTimeButton } from './grant-time-button';
import { OutcomeTag } from './student-history';
import { ModeTag } from './test-facts';
import '../mc-tests.css';

/** Confirm (passed = 1) or undo (passed = 0) the graduation of one accomplished run. */
function ConfirmButtons({ row }: { row: OwnerRow }) {
  const { t } = useTranslation();
  const confirm = useConfirmGraduation();
  const name = `${row.firstName} ${row.lastName}`.trim();
  if (row.passed === 1) {
    return (
      <div className="is-flex is-align-items-center is-flex-wrap-wrap has-gap-xs">
        <span className="tag is-success" data-testid="graduate-confirmed">
          {t('mcTest.status.confirmed')}
        </span>
        <Button
          size="small"
          variant="text"
          isLoading={confirm.isPending}
          onClick={() =>
            confirm.mutate(
              { userGraduateId: row.user_graduate_id, passed: 0 },
              {
                onSuccess: () => notify('success', t('mcTest.graduates.undone', { name })),
                onError: (error) => notify('danger', error.message),
              },
            )
          }
          aria-label={t('mcTest.graduates.undoFor', { name })}
          data-testid="graduate-undo"
        >
          {t('mcTest.graduates.undo')}
        </Button>
      </div>
    );
  }
  if (!row.accomp) return <span className="has-text-grey">–</span>;
  return (
    <Button
      size="small"
      variant="success"
      isLoading={confirm.isPending}
      onClick={() =>
        confirm.mutate(
          { userGraduateId: row.user_graduate_id, passed: 1 },
          {
            onSuccess: () => notify('success', t('mcTest.graduates.confirmedFor', { name })),
            onError: (error) => notify('danger', error.message),
          },
        )
      }
      aria-label={t('mcTest.graduates.confirmFor', { name })}
      data-testid="graduate-confirm"
    >
      {t('mcTest.graduates.confirm')}
    </Button>
  );
}

/** The owner's "grant another run" of an exam for one student, after a confirmation. */
function GrantRunButton({ row }: { row: OwnerRow }) {
  const { t } = useTranslation();
  const grant = useGrantRun();
  const [open, setOpen] = useState(false);
  const name = `${row.firstName} ${row.lastName}`.trim();
  return (
    <>
      <Button size="small" variant="light" onClick={() => setOpen(true)} data-testid="graduate-grant">
        {t('mcTest.graduates.grant')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('mcTest.graduates.grantTitle')}
        confirmLabel={t('mcTest.graduates.grant')}
        variant="primary"
        busy={grant.isPending}
        error={grant.error?.message}
        onConfirm={() =>
          grant.mutate(
            { mcTestId: row.id, userId: row.user_id },
            {
              onSuccess: (result) => {
                setOpen(false);
                notify(
                  'success',
                  t('mcTest.graduates.granted', {
                    name,
                    count: Math.max(0, result.runs_allowed - result.runs_used),
                  }),
                );
              },
            },
          )
        }
        onCancel={() => {
          grant.reset();
          setOpen(false);
        }}
      >
        <p>{t('mcTest.graduates.grantConfirm', { name, label: row.label })}</p>
      </ConfirmDialog>
    </>
  );
}

/**
 * The owner evaluation rows (spec section 3): who ran which test, with what result, whether the
 * student saw per-question rightness (`visible`), and the graduation confirm / undo buttons.
 */
export function GraduatesTable({ data, showTest }: { data: Paginated<OwnerRow>; showTest: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <Table
        labelledBy="graduates-title"
        stickyActions
        testId="graduates-table"
        cards={{ top: [0, showTest ? 4 : 3] }}
        headers={[
          t('mcTest.graduates.name'),
          ...(showTest ? [t('mcTest.history.test')] : []),
          t('mcTest.history.started'),
          t('mcTest.history.stopped'),
          t('mcTest.history.achieved'),
          t('mcTest.graduates.questionsRight'),
          t('mcTest.history.outcome'),
          t('mcTest.graduates.visible'),
          t('mcTest.graduates.graduation'),
          t('mcTest.actions'),
        ]}
      >
        {data.data.map((row) => (
          <tr
            key={row.user_graduate_id}
            data-testid="graduate-row"
            data-run-id={row.user_graduate_id}
            data-user-id={row.user_id}
            data-accomp={row.accomp === null ? 'open' : String(row.accomp)}
          >
            <td>
              <span className="has-text-weight-semibold">{`${row.firstName} ${row.lastName}`.trim()}</span>
              <br />
              <a href={`mailto:${row.email}`} className="is-size-7">
                {row.email}
              </a>
            </td>
            {showTest ? (
              <td>
                {row.label} <ModeTag mode={row.mode} />
              </td>
            ) : null}
            <td>{formatDateTime(row.startDateTime, locale)}</td>
            <td>{formatDateTime(row.stopDateTime, locale)}</td>
            <td data-testid="graduate-percent">{formatPercent(row.achievedPercent, locale)}</td>
            <td>{row.result ? `${row.result.right} / ${row.result.total}` : '–'}</td>
            <td>
              <OutcomeTag accomp={row.accomp} />
            </td>
            <td>{row.visible === 1 ? t('mcTest.graduates.visibleYes') : t('mcTest.graduates.visibleNo')}</td>
            <td>
              <ConfirmButtons row={row} />
            </td>
            <td>
              {row.mode === 'exam' && row.accomp !== null ? <GrantRunButton row={row} /> : null}
              <GrantTimeButton row={row} />
            </td>
          </tr>
        ))}
      </Table>
      <Pagination current={data.current_page} last={data.last_page} />
    </>
  );
}
