import type { LearnDashboard as Dashboard, LearnTest } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useLocale } from '@/hooks/use-locale';
import { formatDate, formatPercent } from '@/lib/format';
import { DueBadge } from './due-badge';
import { LearnSeminarCard } from './seminar-card';
import '../learn.css';

const TEST_TAG: Record<LearnTest['state'], string> = {
  passed: 'is-success',
  failed: 'is-danger is-light',
  open: 'is-warning is-light',
  not_started: 'is-light',
};

/**
 * The tests of held seminars with their state; a test not yet passed carries its seminar's due
 * date (the manager's due date of the assignment: a test is due with its seminar).
 */
function Tests({ tests, seminars }: { tests: LearnTest[]; seminars: Dashboard['seminars'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dueOf = new Map(seminars.map((s) => [s.seminar_id, s.due]));
  return (
    <section className="mt-5" aria-labelledby="learn-tests-title" data-testid="learn-tests">
      <h2 className="title is-5" id="learn-tests-title">
        {t('learn.tests.title')}
      </h2>
      <ul className="learn-list">
        {tests.map((x) => (
          <li key={x.id} className="box learn-row" data-testid="learn-test" data-state={x.state}>
            <span>
              <AppLink to={`/seminar/id/${x.seminar_id}/chapter/${x.chapter_id}/play`}>{x.label}</AppLink>
              <span className="has-text-grey is-size-7"> · {x.seminar_title}</span>
            </span>
            <span className="tags mb-0">
              <span className={`tag ${TEST_TAG[x.state]}`}>{t(`learn.tests.state.${x.state}`)}</span>
              {x.best_percent !== null ? (
                <span className="tag is-white">{formatPercent(x.best_percent, locale, 0)}</span>
              ) : null}
              {x.state !== 'passed' && dueOf.get(x.seminar_id) ? (
                <DueBadge due={dueOf.get(x.seminar_id)!} />
              ) : null}
              {x.attempts_left !== null && x.state !== 'passed' ? (
                <span className="tag is-white">
                  {t('learn.tests.attemptsLeft', { count: x.attempts_left })}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Sidebar({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      {data.team_views.map((team) => (
        <div className="box" key={team.short_name} data-testid="learn-team">
          <p className="title is-6 mb-2">{t('learn.team.title', { name: team.name })}</p>
          <ButtonLink to={`/company/${team.short_name}/team`} variant="link" size="small">
            {t('learn.team.open')}
          </ButtonLink>
        </div>
      ))}
      {data.deadlines.length > 0 ? (
        <section className="box" aria-labelledby="learn-deadlines-title" data-testid="learn-deadlines">
          <h2 className="title is-6" id="learn-deadlines-title">
            {t('learn.deadlines.title')}
          </h2>
          <ul className="learn-list">
            {data.deadlines.map((d) => (
              <li key={d.seminar_id} className="learn-row">
                <AppLink to={`/seminar/id/${d.seminar_id}`}>{d.title}</AppLink>
                <DueBadge due={d} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.certificates.length > 0 ? (
        <section className="box" aria-labelledby="learn-certificates-title" data-testid="learn-certificates">
          <h2 className="title is-6" id="learn-certificates-title">
            {t('learn.certificates.title')}
          </h2>
          <ul className="learn-list">
            {data.certificates.map((c) => (
              <li key={c.code} className="learn-row">
                <AppLink to={`/certificate/${c.code}`}>{c.title}</AppLink>
                <span className="is-size-7 has-text-grey">{formatDate(c.issued_at, locale)}</span>
              </li>
            ))}
          </ul>
          <AppLink to="/certificates" className="is-size-7">
            {t('learn.certificates.all')}
          </AppLink>
        </section>
      ) : null}
    </>
  );
}

/** "Mein Lernen": the learner's seminars to continue, their tests, deadlines and new certificates. */
export function LearnDashboard({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const aside = data.team_views.length + data.deadlines.length + data.certificates.length > 0;
  return (
    <div className="columns is-desktop">
      <div className="column">
        {data.seminars.length === 0 ? (
          <EmptyState title={t('learn.empty.title')} testId="learn-empty">
            <p>{t('learn.empty.text')}</p>
            <ButtonLink to="/seminar" variant="primary" data-testid="learn-to-catalogue">
              {t('learn.empty.catalogue')}
            </ButtonLink>
          </EmptyState>
        ) : (
          <section aria-labelledby="learn-seminars-title">
            <h2 className="title is-5" id="learn-seminars-title">
              {t('learn.seminars.title')}
            </h2>
            <div className="learn-grid">
              {data.seminars.map((card) => (
                <LearnSeminarCard key={card.seminar_id} card={card} />
              ))}
            </div>
          </section>
        )}
        {data.tests.length > 0 ? <Tests tests={data.tests} seminars={data.seminars} /> : null}
      </div>
      {aside ? (
        <aside className="column is-one-third-desktop">
          <Sidebar data={data} />
        </aside>
      ) : null}
    </div>
  );
}
