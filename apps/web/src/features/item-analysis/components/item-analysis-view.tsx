import type { ItemAnalysis } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { ItemChart } from './item-chart';
import { ItemTable, type NumberedItem } from './item-table';

/** The figures, chart and table of an item analysis. */
export function ItemAnalysisView({ analysis }: { analysis: ItemAnalysis }) {
  const { t } = useTranslation();
  const items: NumberedItem[] = analysis.questions.map((item, i) => ({ ...item, number: i + 1 }));
  const figures: [string, string, number][] = [
    ['runs', t('itemAnalysis.figures.runs'), analysis.runs],
    ['upper', t('itemAnalysis.figures.upper'), analysis.upper_runs],
    ['lower', t('itemAnalysis.figures.lower'), analysis.lower_runs],
  ];
  return (
    <div data-testid="item-analysis" data-runs={analysis.runs}>
      <dl className="test-facts mb-4">
        {figures.map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-testid={`item-figure-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {analysis.runs === 0 ? (
        <p className="has-text-grey" data-testid="item-no-runs">
          {t('itemAnalysis.noRuns')}
        </p>
      ) : (
        <>
          <section className="box" aria-labelledby="item-chart-title">
            <h2 className="title is-5" id="item-chart-title">
              {t('itemAnalysis.chart.title')}
            </h2>
            <ItemChart items={items} />
          </section>
          <section className="box" aria-labelledby="item-table-title">
            <h2 className="title is-5" id="item-table-title">
              {t('itemAnalysis.table.title')}
            </h2>
            <p className="is-size-7 mb-3">{t('itemAnalysis.explain')}</p>
            <ItemTable items={items} />
          </section>
        </>
      )}
    </div>
  );
}
