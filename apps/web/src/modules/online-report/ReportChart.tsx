import { lazy, Suspense, useMemo } from 'react';
import type { OnlineReportChart, OnlineReportRow } from '@care/shared';
import type { EChartOption } from '../bi/charts/EChart';
import type { PieEChartOption } from '../bi/charts/PieEChart';

// The BI pages' chart (ECharts core, bars and lines); a pie through PieEChart, which registers the pie
// in a chunk of its own: only a report drawn as 饼图 loads it.
const EChart = lazy(() => import('../bi/charts/EChart'));
const PieEChart = lazy(() => import('../bi/charts/PieEChart'));

/** A legend longer than this would crowd the pie: the slices' labels name the parts instead. */
const PIE_LEGEND_MAX = 12;

export type ReportChartOption = { kind: 'pie'; option: PieEChartOption } | { kind: 'axis'; option: EChartOption };

const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

export function chartOption(chart: OnlineReportChart, rows: readonly OnlineReportRow[], labelOf: (field: string) => string): ReportChartOption | null {
  if (chart.type === 'none' || !chart.xField || chart.yFields.length === 0 || rows.length === 0) return null;
  const x = rows.map((r) => String(r[chart.xField] ?? ''));
  if (chart.type === 'pie') {
    // One pie of the first y field, parts largest first (clockwise from the top).
    const y = chart.yFields[0]!;
    const items = rows.map((r, i) => ({ name: x[i]!, value: num(r[y]) })).sort((a, b) => b.value - a.value);
    const legend = items.length <= PIE_LEGEND_MAX;
    return {
      kind: 'pie',
      option: {
        tooltip: { trigger: 'item', formatter: '{a}<br/>{b}：{c}（{d}%）' },
        ...(legend ? { legend: { type: 'plain', bottom: 0 } } : {}),
        series: [
          {
            type: 'pie',
            name: labelOf(y),
            radius: ['0%', '62%'],
            center: ['50%', legend ? '45%' : '50%'],
            data: items,
            label: { formatter: '{b}：{d}%' },
          },
        ],
      },
    };
  }
  return {
    kind: 'axis',
    option: {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: x },
      yAxis: { type: 'value' },
      series: chart.yFields.map((f) => ({ type: chart.type === 'line' ? 'line' : 'bar', name: labelOf(f), data: rows.map((r) => num(r[f])) })) as EChartOption['series'],
    },
  };
}

/** The report's chart over the rows shown (nothing when the report has none). */
export function ReportChart({ chart, rows, labelOf }: { chart: OnlineReportChart; rows: readonly OnlineReportRow[]; labelOf: (field: string) => string }) {
  const drawn = useMemo(() => chartOption(chart, rows, labelOf), [chart, rows, labelOf]);
  if (!drawn) return null;
  const props = { height: 280, className: 'online-report-chart', 'data-testid': 'online-report-chart' } as const;
  return (
    <Suspense fallback={<div style={{ height: 280 }} />}>
      {drawn.kind === 'pie' ? <PieEChart option={drawn.option} {...props} /> : <EChart option={drawn.option} {...props} />}
    </Suspense>
  );
}
