import type { McTestReport } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { ServerHtml } from '@/components/html-content';
import { ButtonLink } from '@/components/ui/button';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { formatPercent } from '../format';
import { mcTestPaths } from '../tabs';
import { ExportButton } from './export-button';
import { ScoreChart } from './score-chart';
import { ModeTag } from './test-facts';
import '../mc-tests.css';

/** The numbers of a report as a row of boxes. */
export function ReportFigures({ report }: { report: McTestReport }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const items: [string, string, string][] = [
    ['runs', t('mcTest.report.runs'), String(report.runs)],
    ['finished', t('mcTest.report.finished'), String(report.finished)],
    ['accomplished', t('mcTest.report.accomplished'), String(report.accomplished)],
    [
      'passRate',
      t('mcTest.report.passRate'),
      report.finished ? formatPercent(report.pass_rate, locale) : '–',
    ],
    ['average', t('mcTest.report.average'), formatPercent(report.average_percent, locale)],
  ];
  return (
    <dl className="test-facts mb-4" data-testid="report-figures">
      {items.map(([key, label, value]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd data-testid={`report-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One test's report: figures, the score distribution chart, per-question correct rates, export. */
export function TestReport({ report }: { report: McTestReport }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const test = report.mc_test;
  return (
    <article data-testid="test-report" data-test-id={test.id}>
      <header className="is-flex is-justify-content-space-between is-align-items-flex-start is-flex-wrap-wrap mb-4">
        <div>
          <h1 className="title is-3 mb-2">{t('mcTest.report.titleOf', { label: test.label })}</h1>
          <ModeTag mode={test.mode} />{' '}
          <span className="is-size-7">
            {t('mcTest.result.threshold', { percent: formatPercent(test.percent_to_accomplish, locale) })}
          </span>
        </div>
        <div className="buttons">
          <ButtonLink to={mcTestPaths.graduate(test.id)} variant="light" data-testid="report-graduates">
            {t('mcTest.side.graduates')}
          </ButtonLink>
          <ButtonLink
            to={mcTestPaths.itemAnalysis(test.id)}
            variant="light"
            data-testid="report-item-analysis"
          >
            {t('itemAnalysis.menu')}
          </ButtonLink>
          <ExportButton testId={test.id} label={test.label} />
        </div>
      </header>
      <ReportFigures report={report} />
      <section className="box" aria-labelledby="report-chart-title">
        <h2 className="title is-5" id="report-chart-title">
          {t('mcTest.report.distribution')}
        </h2>
        {report.finished === 0 ? (
          <p className="has-text-grey" data-testid="report-no-runs">
            {t('mcTest.report.noRuns')}
          </p>
        ) : (
          <ScoreChart distribution={report.distribution} threshold={test.percent_to_accomplish} />
        )}
      </section>
      <section className="box" aria-labelledby="report-questions-title">
        <h2 className="title is-5" id="report-questions-title">
          {t('mcTest.report.perQuestion')}
        </h2>
        {report.questions.length === 0 ? (
          <p className="has-text-grey">{t('mcTest.report.noQuestionStats')}</p>
        ) : (
          <Table
            labelledBy="report-questions-title"
            testId="report-questions"
            headers={[
              t('mcTest.report.question'),
              t('mcTest.report.answered'),
              t('mcTest.report.right'),
              t('mcTest.report.rate'),
            ]}
          >
            {report.questions.map((stat) => (
              <tr
                key={stat.question_id}
                data-testid="report-question-row"
                data-question-id={stat.question_id}
              >
                <td>
                  <ServerHtml html={stat.label} className="pool-question-text" />
                </td>
                <td>{stat.answered}</td>
                <td>{stat.right}</td>
                <td className="rate-bar">
                  <span data-testid="report-question-rate">{formatPercent(stat.rate, locale)}</span>
                  <progress
                    className="progress is-small is-primary mb-0"
                    value={stat.rate}
                    max={100}
                    aria-label={t('mcTest.report.rate')}
                  >
                    {formatPercent(stat.rate, locale)}
                  </progress>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </article>
  );
}
