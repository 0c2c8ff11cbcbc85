import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../mc-tests.css';
import { useLocale } from '@/hooks/use-locale';
import { formatPercent } from '@/lib/format';

/** The labels of the 11 buckets of the report: 0–9 %, 10–19 %, …, 90–99 %, 100 %. */
export function bucketLabels(): string[] {
  return Array.from({ length: 11 }, (_, i) => (i === 10 ? '100' : `${i * 10}–${i * 10 + 9}`));
}

const WIDTH = 560;
const HEIGHT = 220;
const PAD = { top: 20, right: 10, bottom: 40, left: 34 };

/**
 * The score distribution of a test's finished runs as a plain SVG bar chart (no chart library):
 * one bar per bucket, the count above each bar, the threshold as a dashed line. Screen readers
 * get a title and the same numbers as a table.
 */
export function ScoreChart({ distribution, threshold }: { distribution: number[]; threshold?: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = `chart${useId().replace(/:/g, '')}`;
  const labels = bucketLabels();
  const counts = labels.map((_, i) => distribution[i] ?? 0);
  const max = Math.max(1, ...counts);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / counts.length;
  const barW = slot * 0.7;
  const total = counts.reduce((a, b) => a + b, 0);
  // the threshold as an x position: bucket i covers i*10 … i*10+9.99, bucket 10 is exactly 100
  const thresholdX =
    threshold === undefined
      ? null
      : PAD.left + Math.min(10, Math.floor(threshold / 10)) * slot + ((threshold % 10) / 10) * slot;

  return (
    <figure className="mb-4" data-testid="score-chart" data-total={total}>
      <svg
        className="score-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{t('mcTest.report.chartTitle')}</title>
        <desc id={`${id}-desc`}>{t('mcTest.report.chartDesc', { count: total })}</desc>
        <line
          className="axis"
          x1={PAD.left}
          y1={PAD.top + innerH}
          x2={WIDTH - PAD.right}
          y2={PAD.top + innerH}
        />
        <line className="axis" x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={PAD.top + innerH} />
        <text className="axis-label" x={PAD.left - 6} y={PAD.top + 4} textAnchor="end">
          {max}
        </text>
        <text className="axis-label" x={PAD.left - 6} y={PAD.top + innerH} textAnchor="end">
          0
        </text>
        {counts.map((count, i) => {
          const h = (count / max) * innerH;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const y = PAD.top + innerH - h;
          return (
            <g key={labels[i]} data-testid="score-bar" data-count={count}>
              <rect className="bar" x={x} y={y} width={barW} height={h} />
              {count > 0 ? (
                <text className="bar-label" x={x + barW / 2} y={y - 4} textAnchor="middle">
                  {count}
                </text>
              ) : null}
              <text className="axis-label" x={x + barW / 2} y={PAD.top + innerH + 14} textAnchor="middle">
                {labels[i]}
              </text>
            </g>
          );
        })}
        {thresholdX !== null ? (
          <line
            x1={thresholdX}
            y1={PAD.top}
            x2={thresholdX}
            y2={PAD.top + innerH}
            stroke="hsl(348, 86%, 43%)"
            strokeDasharray="4 3"
            strokeWidth={1.5}
          />
        ) : null}
        <text className="axis-label" x={PAD.left + innerW / 2} y={HEIGHT - 6} textAnchor="middle">
          {t('mcTest.report.axisPercent')}
        </text>
      </svg>
      <figcaption className="is-size-7 has-text-grey">
        {threshold !== undefined
          ? t('mcTest.report.thresholdLine', { percent: formatPercent(threshold, locale) })
          : null}
      </figcaption>
      <table className="is-sr-only">
        <caption>{t('mcTest.report.chartTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('mcTest.report.bucket')}</th>
            <th scope="col">{t('mcTest.report.runsInBucket')}</th>
          </tr>
        </thead>
        <tbody>
          {counts.map((count, i) => (
            <tr key={labels[i]}>
              <td>
                {i === 10 ? formatPercent(100, locale) : `${i * 10}–${formatPercent(i * 10 + 9, locale)}`}
              </td>
              <td>{count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
