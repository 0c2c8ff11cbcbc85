import { type ItemStat, t as message } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { ServerHtml } from '@/components/html-content';
import { useLocale } from '@/hooks/use-locale';
import { formatIndex, formatShare, questionEditorPath } from '../format';
import '@/components/ui/table.css';
import '../item-analysis.css';

export type NumberedItem = ItemStat & { number: number };

const COLUMNS = ['number', 'question', 'runs', 'facility', 'discrimination', 'upper_lower', 'flags'] as const;
type Column = (typeof COLUMNS)[number];
const SORTABLE: Partial<Record<Column, (item: NumberedItem) => number>> = {
  number: (item) => item.number,
  runs: (item) => item.runs,
  facility: (item) => item.facility,
  // questions without a value sort last either way (see below)
  discrimination: (item) => item.discrimination ?? Number.NaN,
  upper_lower: (item) => item.upper_lower ?? Number.NaN,
  flags: (item) => item.flags.length,
};
const HEADER_KEY: Record<Column, string> = {
  number: 'itemAnalysis.table.position',
  question: 'itemAnalysis.table.question',
  runs: 'itemAnalysis.table.runs',
  facility: 'itemAnalysis.table.facility',
  discrimination: 'itemAnalysis.table.discrimination',
  upper_lower: 'itemAnalysis.table.upperLower',
  flags: 'itemAnalysis.table.flags',
};

/** sorts by a column (`?sort=&dir=` in the URL), ties and missing values in question order */
export function sortItems(items: readonly NumberedItem[], sort: string | null, dir: string | null) {
  const value = SORTABLE[(sort ?? 'number') as Column] ?? SORTABLE.number!;
  const sign = dir === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (Number.isNaN(va) !== Number.isNaN(vb)) return Number.isNaN(va) ? 1 : -1;
    return (Number.isNaN(va) ? 0 : sign * (va - vb)) || a.number - b.number;
  });
}

function Answers({ item }: { item: NumberedItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <details className="mt-2" data-testid="item-answers">
      <summary className="is-size-7">
        {t('itemAnalysis.table.answers', { count: item.answers.length })}
      </summary>
      <table className="table is-narrow is-size-7 mt-1">
        <thead>
          <tr>
            <th scope="col">{t('itemAnalysis.table.answer')}</th>
            <th scope="col">{t('itemAnalysis.table.chosen')}</th>
            <th scope="col">{t('itemAnalysis.table.chosenUpper')}</th>
            <th scope="col">{t('itemAnalysis.table.chosenLower')}</th>
          </tr>
        </thead>
        <tbody>
          {item.answers.map((answer) => (
            <tr key={answer.id} data-testid="item-answer" data-correct={answer.correct ? 'true' : 'false'}>
              <td>
                {answer.label}
                {answer.correct ? (
                  <span className="tag is-success is-light ml-1">{t('itemAnalysis.table.correct')}</span>
                ) : null}
              </td>
              <td data-testid="item-answer-share">{formatShare(answer.share, locale)}</td>
              <td>{formatShare(answer.upper_share, locale)}</td>
              <td>{formatShare(answer.lower_share, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/**
 * The questions of an item analysis as a table sortable by every figure (buttons in the column
 * headers, `aria-sort` on the sorted one); each question links to its editor in the pool, with its
 * answers' shares folded below and its flags explained.
 */
export function ItemTable({ items }: { items: readonly NumberedItem[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const sort = (params.get('sort') ?? 'number') as Column;
  const dir = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const sorted = sortItems(items, sort, dir);
  const sortBy = (column: Column) => {
    const next = new URLSearchParams(params);
    next.set('sort', column);
    next.set('dir', column === sort && dir === 'asc' ? 'desc' : 'asc');
    setParams(next, { replace: true });
  };
  return (
    <div className="table-container">
      <table
        className="table is-fullwidth is-striped item-table"
        aria-labelledby="item-table-title"
        data-testid="item-table"
      >
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const label = t(HEADER_KEY[column]);
              const active = column === sort;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {SORTABLE[column] ? (
                    <button
                      type="button"
                      onClick={() => sortBy(column)}
                      aria-label={t('itemAnalysis.table.sortBy', { column: label })}
                      data-testid={`item-sort-${column}`}
                    >
                      {label}
                      {active ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}
                    </button>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((item) => (
            <tr
              key={`${item.question_id}-${item.version}`}
              data-testid="item-row"
              data-question-id={item.question_id}
              data-flags={item.flags.join(' ')}
            >
              <td>{item.number}</td>
              <td>
                <ServerHtml html={item.label} className="pool-question-text" />
                <p className="is-size-7">
                  {item.versions > 1 ? (
                    <span className="tag is-light mr-1">
                      {t('itemAnalysis.table.version', { version: item.version, versions: item.versions })}
                    </span>
                  ) : null}
                  {item.in_pool ? (
                    <AppLink to={questionEditorPath(item.question_id)} data-testid="item-edit">
                      {t('itemAnalysis.table.edit')}
                    </AppLink>
                  ) : (
                    <span className="tag is-light">{t('itemAnalysis.table.removed')}</span>
                  )}
                </p>
                <Answers item={item} />
              </td>
              <td data-testid="item-runs">{item.runs}</td>
              <td data-testid="item-facility">{formatIndex(item.facility, locale)}</td>
              <td data-testid="item-discrimination">{formatIndex(item.discrimination, locale)}</td>
              <td>{formatIndex(item.upper_lower, locale)}</td>
              <td>
                {item.flags.length === 0 ? (
                  <span className="has-text-grey">{t('itemAnalysis.table.none')}</span>
                ) : (
                  <ul className="item-flags">
                    {item.flags.map((flag) => (
                      <li key={flag} data-testid="item-flag" data-flag={flag}>
                        <span
                          className={`tag ${flag === 'too_few_runs' ? 'is-light' : 'is-warning is-light'}`}
                        >
                          {t(`itemAnalysis.flag.${flag}`)}
                        </span>
                        <br />
                        <span className="is-size-7">{message(locale, `item_analysis.flag.${flag}`)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
