import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useGetShareChargeChartQuery,
  useGetUserChargeChartQuery,
  type ChargeChart,
  type SupportersOf,
} from '@/api/charging';
import { errorText } from '@/api/error-messages';
import { ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { formatCount, type NumberLang } from '@/lib/number-format';
import {
  chartBars,
  chartBox,
  chartSummary,
  dateLabelAt,
  DEFAULT_BOX,
  shortDate,
} from '../model/chart-scale';
import './charge-chart.css';

/** Days the charts cover (the contract's default; 7-90 allowed). */
export const CHART_DAYS = 30;

/**
 * The charges per day of a share or a user (spec 2 §7 charged_chart), its own chunk (loaded
 * with the supporters slider and the charge screen, never on a first screen). A hand-drawn SVG
 * bar chart: one series of at most 90 bars needs a scale, an axis and rectangles — about 2 KB
 * here against 50+ KB gzip for a charting library — and keeps the markup accessible: the
 * figure is labelled and described in words, every bar has its own text, and a table with the
 * same numbers is a button away.
 */
export default function ChargeChartPanel({
  of,
  days = CHART_DAYS,
}: {
  of: SupportersOf;
  days?: number;
}) {
  const { t } = useTranslation('charging');
  const share = useGetShareChargeChartQuery(
    { id: of.kind === 'share' ? of.shareId : '', days },
    { skip: of.kind !== 'share' },
  );
  const user = useGetUserChargeChartQuery(
    { uid: of.kind === 'user' ? of.uid : '', days },
    { skip: of.kind !== 'user' },
  );
  const query = of.kind === 'share' ? share : user;
  if (query.isLoading || (!query.data && !query.isError)) return <ListLoading />;
  if (!query.data)
    return (
      <ListError
        message={
          isKnownError(query.error)
            ? errorText(
                of.kind === 'share' ? 'getShareChargeChart' : 'getUserChargeChart',
                query.error,
                t,
              )
            : t('chart.failed')
        }
        onRetry={() => void query.refetch()}
      />
    );
  return <ChargeChartView chart={query.data} />;
}

/** A refusal with a code of its own (the share or user is gone); anything else: "could not load". */
function isKnownError(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 40406 || code === 40407;
}

/** The chart of one answer, with its table alternative. */
export function ChargeChartView({ chart }: { chart: ChargeChart }) {
  const { t, i18n } = useTranslation('charging');
  const lang: NumberLang = i18n.language === 'zh' ? 'zh' : 'en';
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const summary = chartSummary(chart.points);
  const description = summary.best
    ? t('chart.summary', {
        total: formatCount(summary.total, lang),
        count: summary.count,
        date: shortDate(summary.best.date),
        amount: formatCount(summary.best.amount, lang),
      })
    : t('chart.summaryNone', { days: chart.days });

  return (
    <figure className="charge-chart" aria-labelledby={titleId}>
      <figcaption className="charge-chart__head">
        <span id={titleId} className="charge-chart__title">
          {t('chart.heading', { days: chart.days })}
        </span>
        <button
          type="button"
          className="button"
          aria-pressed={asTable}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? t('chart.showChart') : t('chart.showTable')}
        </button>
      </figcaption>
      <p id={descId} className="charge-chart__summary">
        {description}
      </p>
      {asTable ? (
        <ChartTable chart={chart} lang={lang} />
      ) : (
        <ChartSvg chart={chart} lang={lang} titleId={titleId} descId={descId} />
      )}
    </figure>
  );
}

function ChartSvg({
  chart,
  lang,
  titleId,
  descId,
}: {
  chart: ChargeChart;
  lang: NumberLang;
  titleId: string;
  descId: string;
}) {
  const { t } = useTranslation('charging');
  const width = useDrawnWidth();
  const box = width.value ? chartBox(width.value) : DEFAULT_BOX;
  const { axis, bars, tickY } = chartBars(chart.points, box);
  const baseline = box.height - box.bottom;
  return (
    <svg
      ref={width.ref}
      className="charge-chart__svg"
      viewBox={`0 0 ${box.width} ${box.height}`}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
      data-testid="charge-chart-svg"
    >
      <title>{t('chart.title', { days: chart.days })}</title>
      <g className="charge-chart__grid" aria-hidden="true">
        {axis.ticks.map((v) => (
          <g key={v}>
            <line x1={box.left} x2={box.width - box.right} y1={tickY(v)} y2={tickY(v)} />
            <text x={box.left - 6} y={tickY(v)} dy="0.32em" textAnchor="end">
              {formatCount(v, lang)}
            </text>
          </g>
        ))}
      </g>
      <g className="charge-chart__bars">
        {bars.map((b) => (
          <rect
            key={b.date}
            x={b.x}
            y={b.y}
            width={b.width}
            height={b.height}
            rx={Math.min(2, b.width / 2)}
            data-amount={b.amount}
          >
            <title>
              {t('chart.bar', {
                date: shortDate(b.date),
                amount: formatCount(b.amount, lang),
                count: b.count,
              })}
            </title>
          </rect>
        ))}
      </g>
      <g className="charge-chart__dates" aria-hidden="true">
        <line x1={box.left} x2={box.width - box.right} y1={baseline} y2={baseline} />
        {bars
          .filter((b) => b.labelled)
          .map((b) => (
            <DateLabel key={b.date} at={dateLabelAt(b, box)} y={baseline + 18}>
              {shortDate(b.date)}
            </DateLabel>
          ))}
      </g>
    </svg>
  );
}

function DateLabel({
  at,
  y,
  children,
}: {
  at: ReturnType<typeof dateLabelAt>;
  y: number;
  children: string;
}) {
  return (
    <text x={at.x} y={y} textAnchor={at.anchor}>
      {children}
    </text>
  );
}

/**
 * The width the chart is drawn at, in CSS pixels, followed as it changes (a phone turned, the
 * slider resized); null until measured, and where nothing measures (no layout, as in jsdom).
 */
function useDrawnWidth() {
  const ref = useRef<SVGSVGElement>(null);
  const [value, setValue] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current?.parentElement;
    if (!el) return;
    const read = () => {
      const w = el.getBoundingClientRect().width;
      setValue(w > 0 ? w : null);
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, value };
}

function ChartTable({ chart, lang }: { chart: ChargeChart; lang: NumberLang }) {
  const { t } = useTranslation('charging');
  return (
    // Scrolls when long (90 days): focusable, so a keyboard can scroll it too.
    <div
      className="charge-chart__table-wrap"
      role="region"
      aria-label={t('chart.caption')}
      tabIndex={0}
    >
      <table className="charge-chart__table">
        <caption>{t('chart.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.date')}</th>
            <th scope="col">{t('chart.amount')}</th>
            <th scope="col">{t('chart.count')}</th>
          </tr>
        </thead>
        <tbody>
          {chart.points.map((p) => (
            <tr key={p.date}>
              <th scope="row">{p.date}</th>
              <td>{formatCount(p.amount, lang)}</td>
              <td>{p.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
