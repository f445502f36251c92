import { lazy, Suspense, useMemo } from 'react';
import type { OnlineReportChart, OnlineReportRow } from '@care/shared';
import type { EChartOption } from '../bi/charts/EChart';

// The BI pages' chart (ECharts core, bars and lines only); a pie is drawn as the product draws a share:
// sorted horizontal bars with each part's percentage (bi/charts/EChart.tsx says why).
const EChart = lazy(() => import('../bi/charts/EChart'));

const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

export function chartOption(chart: OnlineReportChart, rows: readonly OnlineReportRow[], labelOf: (field: string) => string): EChartOption | null {
  if (chart.type === 'none' || !chart.xField || chart.yFields.length === 0 || rows.length === 0) return null;
  const x = rows.map((r) => String(r[chart.xField] ?? ''));
  if (chart.type === 'pie') {
    const y = chart.yFields[0]!;
    const items = rows.map((r, i) => ({ name: x[i]!, value: num(r[y]) })).sort((a, b) => b.value - a.value);
    const total = items.reduce((s, i) => s + i.value, 0);
    const reversed = [...items].reverse();
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 110, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', show: false },
      yAxis: { type: 'category', data: reversed.map((i) => i.name) },
      series: [{ type: 'bar', name: labelOf(y), data: reversed.map((i) => i.value), label: { show: true, position: 'right', formatter: (p) => `${String(p.value)}${total > 0 ? `（${Math.round((Number(p.value) * 1000) / total) / 10}%）` : ''}` } }],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: x },
    yAxis: { type: 'value' },
    series: chart.yFields.map((f) => ({ type: chart.type === 'line' ? 'line' : 'bar', name: labelOf(f), data: rows.map((r) => num(r[f])) })) as EChartOption['series'],
  };
}

/** The report's chart over the rows shown (nothing when the report has none). */
export function ReportChart({ chart, rows, labelOf }: { chart: OnlineReportChart; rows: readonly OnlineReportRow[]; labelOf: (field: string) => string }) {
  const option = useMemo(() => chartOption(chart, rows, labelOf), [chart, rows, labelOf]);
  if (!option) return null;
  return (
    <Suspense fallback={<div style={{ height: 280 }} />}>
      <EChart option={option} height={280} className="online-report-chart" data-testid="online-report-chart" />
    </Suspense>
  );
}
