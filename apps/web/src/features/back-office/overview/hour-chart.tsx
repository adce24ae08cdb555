// Today's cash by hour beside yesterday's, as plain SVG (the approach of components/ui/cash-flow-chart.tsx,
// no chart library): one pair of bars per hour of the venue's gaming day (24; 23 or 25 the day the clocks
// change), labelled on the venue's clock, yesterday's hatched and pale, today's solid; deposits,
// withdrawals or the net, as chosen. Accessible without the picture: the image is named by its totals,
// and a button shows the same figures as a table.
import { formatCents, wallClockText } from '@cashdesk/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useElementWidth } from '../../../hooks/use-element-width';
import { amountScale } from '../../../lib/chart-scale';
import { formatMoney } from '../../../lib/money';
import '../../../components/ui/chart.css';

export interface HourTotals {
  /** The hour of the gaming day, 0 from its start. */
  hour: number;
  /** When it starts (ISO). */
  from: string;
  deposits: number;
  withdrawals: number;
}

const HOUR_MS = 3_600_000;

/** An instant's time of day on the venue's clock, `06:00`. */
const clockAt = (ms: number, timeZone: string) => wallClockText(ms, timeZone).slice(11, 16);

/** An hour as the table names it on the venue's clock: `06:00–07:00`. */
function hourName(h: HourTotals, timeZone: string): string {
  const from = Date.parse(h.from);
  return `${clockAt(from, timeZone)}–${clockAt(from + HOUR_MS, timeZone)}`;
}

export const SERIES = ['deposits', 'withdrawals', 'net'] as const;
export type Series = (typeof SERIES)[number];

export function seriesValue(h: HourTotals, series: Series): number {
  if (series === 'net') return h.deposits - h.withdrawals;
  return h[series];
}

const DEFAULT_WIDTH_PX = 560;
const HEIGHT_PX = 200;
const MARGIN = { top: 10, right: 8, bottom: 26 } as const;
const CHAR_PX = 7;

export function HourChart({
  today,
  yesterday,
  currency,
  timeZone,
}: {
  today: readonly HourTotals[];
  yesterday: readonly HourTotals[];
  currency: string;
  /** The venue's: its gaming day's hours are named on its clock. */
  timeZone: string;
}) {
  const { t } = useTranslation('backOffice');
  const ids = useId().replace(/[^\w-]/g, '');
  const [series, setSeries] = useState<Series>('deposits');
  const [tableShown, setTableShown] = useState(false);
  const plotRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(plotRef, DEFAULT_WIDTH_PX);

  const title = t(`floor.chart.title.${series}`);
  const sum = (hours: readonly HourTotals[]) => hours.reduce((s, h) => s + seriesValue(h, series), 0);
  const label = t('floor.chart.summary', {
    title,
    today: formatMoney(sum(today), currency),
    yesterday: formatMoney(sum(yesterday), currency),
  });

  return (
    <figure className="bo-hour-chart" aria-labelledby={`${ids}-title`}>
      <figcaption id={`${ids}-title`} className="chart__title">
        {title}
      </figcaption>
      <fieldset className="bo-segmented bo-hour-chart__series">
        <legend className="visually-hidden">{t('floor.chart.show')}</legend>
        {SERIES.map((s) => (
          <label key={s} className="bo-segmented__option">
            <input
              type="radio"
              name={`${ids}-series`}
              value={s}
              checked={series === s}
              onChange={() => setSeries(s)}
            />
            {t(`floor.chart.series.${s}`)}
          </label>
        ))}
      </fieldset>
      <ul className="chart__legend">
        <li>
          <span className="bo-hour-chart__swatch bo-hour-chart__swatch--yesterday" aria-hidden="true" />
          {t('floor.chart.yesterday')}
        </li>
        <li>
          <span className="bo-hour-chart__swatch bo-hour-chart__swatch--today" aria-hidden="true" />
          {t('floor.chart.today')}
        </li>
      </ul>
      <div className="chart__plot" ref={plotRef}>
        <Plot
          today={today}
          yesterday={yesterday}
          series={series}
          width={width}
          label={label}
          timeZone={timeZone}
        />
      </div>
      <button
        type="button"
        className="chart__toggle"
        aria-expanded={tableShown}
        aria-controls={tableShown ? `${ids}-table` : undefined}
        onClick={() => setTableShown((shown) => !shown)}
      >
        {tableShown ? t('floor.chart.hideTable') : t('floor.chart.showTable')}
      </button>
      {tableShown && (
        <table id={`${ids}-table`} className="bo-table bo-table--dense bo-hour-chart__table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('floor.chart.hour', { zone: timeZone })}</th>
              <th scope="col">{t('floor.chart.yesterday')}</th>
              <th scope="col">{t('floor.chart.today')}</th>
            </tr>
          </thead>
          <tbody>
            {today.map((h, i) => (
              <tr key={h.hour}>
                <th scope="row" data-label={t('floor.chart.hour', { zone: timeZone })}>
                  {hourName(h, timeZone)}
                </th>
                <td data-label={t('floor.chart.yesterday')}>
                  {formatCents(yesterday[i] ? seriesValue(yesterday[i], series) : 0)}
                </td>
                <td data-label={t('floor.chart.today')}>{formatCents(seriesValue(h, series))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}

function Plot({
  today,
  yesterday,
  series,
  width,
  label,
  timeZone,
}: {
  today: readonly HourTotals[];
  yesterday: readonly HourTotals[];
  series: Series;
  width: number;
  label: string;
  timeZone: string;
}) {
  const values = [...today, ...yesterday].map((h) => seriesValue(h, series));
  const { step, low, high } = amountScale(Math.min(0, ...values), Math.max(0, ...values));
  const ticks = Array.from({ length: Math.round((high - low) / step) + 1 }, (_, i) => low + i * step);
  const tickText = (cents: number) => (step % 100 === 0 ? String(cents / 100) : formatCents(cents));
  const left = Math.max(...ticks.map((tick) => tickText(tick).length)) * CHAR_PX + 8;
  const plotWidth = Math.max(width - left - MARGIN.right, 40);
  const plotHeight = HEIGHT_PX - MARGIN.top - MARGIN.bottom;
  const y = (cents: number) => MARGIN.top + ((high - cents) / (high - low)) * plotHeight;
  const zero = y(0);
  const group = plotWidth / Math.max(today.length, 1);
  const bar = Math.min(Math.max(group * 0.4, 1), 14);
  const labelEvery = group < 3 * CHAR_PX ? 6 : 3;
  const rect = (cents: number, x: number, className: string) => {
    if (cents === 0) return null;
    const top = Math.min(y(cents), zero);
    const height = Math.max(Math.abs(y(cents) - zero), 1);
    return <rect className={className} x={x} y={top} width={bar} height={height} />;
  };

  return (
    <svg
      className="chart__svg"
      role="img"
      aria-label={label}
      width={width}
      height={HEIGHT_PX}
      viewBox={`0 0 ${width} ${HEIGHT_PX}`}
    >
      {ticks.map((tick) => (
        <g key={tick}>
          <line className="chart__grid" x1={left} x2={left + plotWidth} y1={y(tick)} y2={y(tick)} />
          <text className="chart__tick" x={left - 4} y={y(tick)} dy="0.32em" textAnchor="end">
            {tickText(tick)}
          </text>
        </g>
      ))}
      {today.map((h, i) => {
        const middle = left + group * (i + 0.5);
        const before = yesterday[i];
        return (
          <g key={h.hour}>
            {before && rect(seriesValue(before, series), middle - bar - 0.5, 'bo-hour-chart__bar--yesterday')}
            {rect(seriesValue(h, series), middle + 0.5, 'bo-hour-chart__bar--today')}
            {h.hour % labelEvery === 0 && (
              <text className="chart__tick" x={middle} y={HEIGHT_PX - 8} textAnchor="middle">
                {clockAt(Date.parse(h.from), timeZone).slice(0, 2)}
              </text>
            )}
          </g>
        );
      })}
      <line className="chart__axis" x1={left} x2={left + plotWidth} y1={zero} y2={zero} />
    </svg>
  );
}
