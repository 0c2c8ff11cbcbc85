import { ITEM_ANALYSIS_LIMITS, type ItemStat } from '@elearn/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatIndex } from '../format';
import '../item-analysis.css';

const WIDTH = 560;
const HEIGHT = 300;
const PAD = { top: 14, right: 14, bottom: 42, left: 46 };

/**
 * Facility (across, 0..1) against discrimination (up, −1..1) of every question form as a plain
 * SVG scatter plot; the flags' limits as dashed lines, flagged questions in red, each point
 * numbered like the table. Screen readers get a title, a description and the same numbers as a
 * table.
 */
export function ItemChart({ items }: { items: readonly (ItemStat & { number: number })[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = `items${useId().replace(/:/g, '')}`;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (facility: number) => PAD.left + facility * innerW;
  const y = (r: number) => PAD.top + ((1 - r) / 2) * innerH;
  const L = ITEM_ANALYSIS_LIMITS;
  const plotted = items.filter((item) => item.discrimination !== null);
  const without = items.filter((item) => item.discrimination === null);
  return (
    <figure className="mb-4" data-testid="item-chart" data-points={plotted.length}>
      <svg
        className="item-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{t('itemAnalysis.chart.title')}</title>
        <desc id={`${id}-desc`}>{t('itemAnalysis.chart.desc')}</desc>
        <line className="axis" x1={PAD.left} y1={y(0)} x2={x(1)} y2={y(0)} />
        <line className="axis" x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={PAD.top + innerH} />
        <line className="guide" x1={x(L.hardBelow)} y1={PAD.top} x2={x(L.hardBelow)} y2={PAD.top + innerH} />
        <line className="guide" x1={x(L.easyAbove)} y1={PAD.top} x2={x(L.easyAbove)} y2={PAD.top + innerH} />
        <line className="guide" x1={PAD.left} y1={y(L.weakBelow)} x2={x(1)} y2={y(L.weakBelow)} />
        {[-1, 0, 1].map((r) => (
          <text key={r} className="axis-label" x={PAD.left - 6} y={y(r) + 4} textAnchor="end">
            {formatIndex(r, locale)}
          </text>
        ))}
        {[0, 0.5, 1].map((f) => (
          <text key={f} className="axis-label" x={x(f)} y={PAD.top + innerH + 14} textAnchor="middle">
            {formatIndex(f, locale)}
          </text>
        ))}
        <text className="axis-label" x={PAD.left + innerW / 2} y={HEIGHT - 6} textAnchor="middle">
          {t('itemAnalysis.chart.facility')}
        </text>
        <text
          className="axis-label"
          x={12}
          y={PAD.top + innerH / 2}
          textAnchor="middle"
          transform={`rotate(-90 12 ${PAD.top + innerH / 2})`}
        >
          {t('itemAnalysis.chart.discrimination')}
        </text>
        {plotted.map((item) => (
          <g key={`${item.question_id}-${item.version}`} data-testid="item-point" data-number={item.number}>
            <circle
              className={`point${item.flags.length > 0 ? ' is-flagged' : ''}`}
              cx={x(item.facility)}
              cy={y(item.discrimination ?? 0)}
              r={9}
            />
            <text
              className="point-label"
              x={x(item.facility)}
              y={y(item.discrimination ?? 0) + 3.5}
              textAnchor="middle"
            >
              {item.number}
            </text>
          </g>
        ))}
      </svg>
      {without.length > 0 ? (
        <figcaption className="is-size-7 has-text-grey" data-testid="item-chart-without">
          {t('itemAnalysis.chart.noDiscrimination', { list: without.map((item) => item.number).join(', ') })}
        </figcaption>
      ) : null}
      <table className="is-sr-only">
        <caption>{t('itemAnalysis.chart.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('itemAnalysis.table.position')}</th>
            <th scope="col">{t('itemAnalysis.table.facility')}</th>
            <th scope="col">{t('itemAnalysis.table.discrimination')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.question_id}-${item.version}`}>
              <td>{item.number}</td>
              <td>{formatIndex(item.facility, locale)}</td>
              <td>{formatIndex(item.discrimination, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
