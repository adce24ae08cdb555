// The chart of a report period's deposits and withdrawals per hour, day or month (lib/cash-flow-buckets.ts),
// drawn as plain SVG (no chart library: a few KB in the history and statistic chunks only). Accessible
// without the picture: the image is named by its totals, and a button shows the same figures as a table.
// Withdrawals are hatched, so the two series differ by more than their colour. Not interactive otherwise.
import { formatCents } from '@cashdesk/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BucketUnit, CashFlow, CashFlowBucket } from '../../lib/cash-flow-buckets';
import { useElementWidth } from '../../hooks/use-element-width';
import { amountScale } from '../../lib/chart-scale';
import { formatMoney } from '../../lib/money';
import './chart.css';
import './cash-flow-chart.css';

export interface CashFlowChartProps {
  flow: CashFlow;
  currency: string;
  /** The offset as the screens name it, e.g. "GMT+02:00". */
  offsetLabel: string;
}

/** Until the first measure (and where nothing measures, as in tests). */
const DEFAULT_WIDTH_PX = 560;
const HEIGHT_PX = 220;
const MARGIN = { top: 12, right: 8, bottom: 44 } as const;
/** Roughly one character of the 12 px axis text, to keep tick labels from overlapping. */
const CHAR_PX = 7;

export function CashFlowChart({ flow, currency, offsetLabel }: CashFlowChartProps) {
  const { t } = useTranslation('report');
  const ids = useId().replace(/[^\w-]/g, '');
  const tableId = `${ids}-table`;
  const [tableShown, setTableShown] = useState(false);
  const plotRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(plotRef, DEFAULT_WIDTH_PX);

  const title = t(`chart.title.${flow.unit}`);
  const unitName = t(`chart.axis.${flow.unit}`, { offset: offsetLabel });
  const totals = sumBuckets(flow.buckets);
  const summary = t('chart.summary', {
    deposits: totals.deposits,
    depositsAmount: formatMoney(totals.deposits_cents, currency),
    withdrawals: totals.withdrawals,
    withdrawalsAmount: formatMoney(totals.withdrawals_cents, currency),
  });
  const oneDay = new Set(flow.buckets.map((b) => b.localStart.slice(0, 10))).size === 1;

  return (
    <figure className="cash-flow-chart" aria-labelledby={`${ids}-title`}>
      <figcaption id={`${ids}-title`} className="chart__title">
        {title} ({offsetLabel})
      </figcaption>
      <ul className="chart__legend">
        <li>
          <Swatch series="deposits" patternId={`${ids}-hatch`} />
          {t('chart.deposits')}
        </li>
        <li>
          <Swatch series="withdrawals" patternId={`${ids}-hatch`} />
          {t('chart.withdrawals')}
        </li>
      </ul>
      <div className="chart__plot" ref={plotRef}>
        <Plot
          flow={flow}
          width={width}
          patternId={`${ids}-hatch`}
          label={`${title} (${offsetLabel}). ${summary}`}
          xTitle={unitName}
          yTitle={t('chart.axis.amount', { currency })}
        />
      </div>
      <button
        type="button"
        className="chart__toggle"
        aria-expanded={tableShown}
        aria-controls={tableShown ? tableId : undefined}
        onClick={() => setTableShown((shown) => !shown)}
      >
        {tableShown ? t('chart.hideTable') : t('chart.showTable')}
      </button>
      {tableShown && (
        // Scrolls sideways where a phone is too narrow, so it takes the keyboard focus (arrow keys scroll).
        <div
          className="cash-flow-chart__table-wrap"
          role="region"
          aria-labelledby={`${ids}-caption`}
          tabIndex={0}
        >
          <table id={tableId} className="cash-flow-chart__table">
            <caption id={`${ids}-caption`}>
              {title} ({offsetLabel})
            </caption>
            <thead>
              <tr>
                <th scope="col">{t(`chart.column.${flow.unit}`)}</th>
                <th scope="col">{t('chart.deposits')}</th>
                <th scope="col">{t('chart.column.depositsAmount', { currency })}</th>
                <th scope="col">{t('chart.withdrawals')}</th>
                <th scope="col">{t('chart.column.withdrawalsAmount', { currency })}</th>
              </tr>
            </thead>
            <tbody>
              {flow.buckets.map((bucket) => (
                <tr key={bucket.startMs}>
                  <th scope="row">{bucketName(bucket, flow.unit, oneDay)}</th>
                  <td>{bucket.deposits}</td>
                  <td>{formatCents(bucket.deposits_cents)}</td>
                  <td>{bucket.withdrawals}</td>
                  <td>{formatCents(bucket.withdrawals_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}

interface PlotProps {
  flow: CashFlow;
  width: number;
  patternId: string;
  label: string;
  xTitle: string;
  yTitle: string;
}

/** The picture itself: one image for assistive technology, named by `label`. */
function Plot({ flow, width, patternId, label, xTitle, yTitle }: PlotProps) {
  const { buckets, unit } = flow;
  const max = Math.max(0, ...buckets.map((b) => Math.max(b.deposits_cents, b.withdrawals_cents)));
  const { step, high: top } = amountScale(0, max);
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const tickText = (cents: number) => (step % 100 === 0 ? String(cents / 100) : formatCents(cents));
  const longestTick = Math.max(...ticks.map((tick) => tickText(tick).length));
  const left = 22 + longestTick * CHAR_PX + 6; // room for the rotated title, then the tick labels
  const plotWidth = Math.max(width - left - MARGIN.right, 40);
  const plotHeight = HEIGHT_PX - MARGIN.top - MARGIN.bottom;
  const bottom = MARGIN.top + plotHeight;
  const y = (cents: number) => bottom - (cents / top) * plotHeight;
  const barHeight = (cents: number) => (cents === 0 ? 0 : Math.max((cents / top) * plotHeight, 1));

  const group = plotWidth / buckets.length;
  const bar = Math.min(Math.max(group * 0.38, 1), 28);
  const labelEvery = Math.max(1, Math.ceil((tickLabelChars(unit) * CHAR_PX + 8) / group));

  return (
    <svg
      // cash-flow-chart__svg: only this chart draws it, so e2e/web-budget.e2e.test.ts finds the chart by it.
      className="cash-flow-chart__svg chart__svg"
      role="img"
      aria-label={label}
      width={width}
      height={HEIGHT_PX}
      viewBox={`0 0 ${width} ${HEIGHT_PX}`}
    >
      <HatchPattern id={patternId} />
      {ticks.map((tick) => (
        <g key={tick}>
          <line className="chart__grid" x1={left} x2={left + plotWidth} y1={y(tick)} y2={y(tick)} />
          <text className="chart__tick" x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
            {tickText(tick)}
          </text>
        </g>
      ))}
      {buckets.map((bucket, i) => {
        const middle = left + group * (i + 0.5);
        return (
          <g key={bucket.startMs}>
            <rect
              className="cash-flow-chart__bar--deposits"
              x={middle - bar - 0.5}
              y={bottom - barHeight(bucket.deposits_cents)}
              width={bar}
              height={barHeight(bucket.deposits_cents)}
            />
            <rect
              className="cash-flow-chart__bar--withdrawals"
              fill={`url(#${patternId})`}
              x={middle + 0.5}
              y={bottom - barHeight(bucket.withdrawals_cents)}
              width={bar}
              height={barHeight(bucket.withdrawals_cents)}
            />
            {i % labelEvery === 0 && (
              <text className="chart__tick" x={middle} y={bottom + 16} textAnchor="middle">
                {tickLabel(bucket, unit)}
              </text>
            )}
          </g>
        );
      })}
      <line className="chart__axis" x1={left} x2={left + plotWidth} y1={bottom} y2={bottom} />
      <text
        className="cash-flow-chart__axis-title"
        x={left + plotWidth / 2}
        y={HEIGHT_PX - 6}
        textAnchor="middle"
      >
        {xTitle}
      </text>
      <text
        className="cash-flow-chart__axis-title"
        transform={`translate(14 ${MARGIN.top + plotHeight / 2}) rotate(-90)`}
        textAnchor="middle"
      >
        {yTitle}
      </text>
    </svg>
  );
}

/** Diagonal white stripes over the withdrawals' colour. */
function HatchPattern({ id }: { id: string }) {
  return (
    <defs>
      <pattern id={id} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect className="cash-flow-chart__hatch-ground" width="6" height="6" />
        <line className="cash-flow-chart__hatch-stripe" x1="0" y1="0" x2="0" y2="6" />
      </pattern>
    </defs>
  );
}

function Swatch({ series, patternId }: { series: 'deposits' | 'withdrawals'; patternId: string }) {
  // Its own pattern: a pattern defined in another SVG disappears with it (the table view, a re-render).
  const id = `${patternId}-swatch`;
  return (
    <svg className="cash-flow-chart__swatch" width="16" height="16" aria-hidden="true">
      {series === 'withdrawals' && <HatchPattern id={id} />}
      <rect
        className={`cash-flow-chart__bar--${series}`}
        fill={series === 'withdrawals' ? `url(#${id})` : undefined}
        x="0.5"
        y="0.5"
        width="15"
        height="15"
      />
    </svg>
  );
}

function tickLabelChars(unit: BucketUnit): number {
  return unit === 'month' ? 7 : 5;
}

/** Under a bar: the hour ("13", the date at midnight), the day ("21.11") or the month ("11.2026"). */
function tickLabel(bucket: CashFlowBucket, unit: BucketUnit): string {
  const [date = '', time = ''] = bucket.localStart.split('T');
  const [year, month, day] = date.split('-');
  if (unit === 'month') return `${month}.${year}`;
  if (unit === 'day' || time === '00:00') return `${day}.${month}`;
  return time.slice(0, 2);
}

/** In the table: "13:00" (with its day when the period has several), "21.11.2026", "11.2026". */
function bucketName(bucket: CashFlowBucket, unit: BucketUnit, oneDay: boolean): string {
  const [date = '', time = ''] = bucket.localStart.split('T');
  const [year, month, day] = date.split('-');
  if (unit === 'month') return `${month}.${year}`;
  if (unit === 'day') return `${day}.${month}.${year}`;
  return oneDay ? time : `${day}.${month}.${year} ${time}`;
}

function sumBuckets(buckets: readonly CashFlowBucket[]) {
  return buckets.reduce(
    (sum, b) => ({
      deposits: sum.deposits + b.deposits,
      deposits_cents: sum.deposits_cents + b.deposits_cents,
      withdrawals: sum.withdrawals + b.withdrawals,
      withdrawals_cents: sum.withdrawals_cents + b.withdrawals_cents,
    }),
    { deposits: 0, deposits_cents: 0, withdrawals: 0, withdrawals_cents: 0 },
  );
}
