import type { AssignedTestDto } from '@elearn/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { ButtonLink } from '@/components/ui/button';
import '../mc-tests.css';
import { mcTestPaths } from '../tabs';
import { TestFacts } from './test-facts';

/** The status of a test for the caller: confirmed, accomplished, running, failed or not started. */
export function AssignedStatus({ test }: { test: AssignedTestDto }) {
  const { t } = useTranslation();
  if (test.passed === 1)
    return (
      <span className="tag is-success" data-testid="assigned-status" data-status="passed">
        {t('mcTest.status.confirmed')}
      </span>
    );
  if (test.accomp)
    return (
      <span className="tag is-success is-light" data-testid="assigned-status" data-status="accomp">
        {t('mcTest.status.accomplished')}
      </span>
    );
  if (test.open_run_id !== null)
    return (
      <span className="tag is-info is-light" data-testid="assigned-status" data-status="running">
        {t('mcTest.status.running')}
      </span>
    );
  if (test.runs_used > 0)
    return (
      <span className="tag is-danger is-light" data-testid="assigned-status" data-status="failed">
        {t('mcTest.status.notAccomplished')}
      </span>
    );
  return (
    <span className="tag is-light" data-testid="assigned-status" data-status="new">
      {t('mcTest.status.notStarted')}
    </span>
  );
}

/** "Seminar › chapter" of a test, linked to the chapter's play page. */
export function ChapterPath({ test }: { test: Pick<AssignedTestDto, 'chapter'> }) {
  if (!test.chapter) return null;
  const { seminar } = test.chapter;
  return (
    <p className="is-size-7 mb-2">
      <AppLink to={`/seminar/id/${seminar.id}`}>{seminar.title}</AppLink>
      {' › '}
      <AppLink to={`/seminar/id/${seminar.id}/chapter/${test.chapter.id}/play`}>{test.chapter.label}</AppLink>
    </p>
  );
}

/** The start / continue button of a test the caller may take now. */
export function StartButton({ test, size }: { test: AssignedTestDto; size?: 'small' | 'normal' }) {
  const { t } = useTranslation();
  if (!test.can_start) return null;
  return (
    <ButtonLink
      to={mcTestPaths.play(test.id)}
      variant="primary"
      size={size}
      data-testid="assigned-start"
      data-test-id={test.id}
    >
      {test.open_run_id !== null ? t('mcTest.player.resume') : t('mcTest.player.startShort')}
    </ButtonLink>
  );
}

/** Tests assigned to the caller (through booked seminars), one box each. */
export function AssignedList({
  tests,
  empty,
  testId = 'assigned-list',
}: {
  tests: AssignedTestDto[];
  empty: ReactNode;
  testId?: string;
}) {
  if (tests.length === 0) return <>{empty}</>;
  return (
    <ul className="assigned-list" data-testid={testId}>
      {tests.map((test) => (
        <li key={test.id} className="box" data-testid="assigned-item" data-test-id={test.id}>
          <div className="is-flex is-justify-content-space-between is-align-items-center is-flex-wrap-wrap mb-2">
            <h2 className="title is-5 mb-1">{test.label}</h2>
            <AssignedStatus test={test} />
          </div>
          <ChapterPath test={test} />
          <TestFacts test={test} />
          <StartButton test={test} />
        </li>
      ))}
    </ul>
  );
}
