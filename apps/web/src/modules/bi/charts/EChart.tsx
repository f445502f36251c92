import { useEffect, useRef } from 'react';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption } from 'echarts/components';
import { init, use as register, type ComposeOption, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// The one chart of the product: ECharts core with only the charts and components below (tree-shaken,
// in the `echarts` and `zrender` chunks), drawn on canvas. Pages that draw import this file lazily.
// Bars and lines here (a long share and a funnel are sorted horizontal bars); a pie is PieEChart.tsx,
// a chunk of its own, so the echarts chunk stays under the page budget of 120 KB gzip.
register([BarChart, LineChart, GridComponent, LegendPlainComponent, TooltipComponent, CanvasRenderer]);

export type EChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

export interface EChartProps {
  option: EChartOption;
  height?: number | string;
  /** For tests and the page's own CSS. */
  className?: string;
  'data-testid'?: string;
}

/** A chart that follows its container's size and is disposed with the component. */
export function EChart({ option, height = 300, className, 'data-testid': testId }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className={className} data-testid={testId} style={{ width: '100%', height }} />;
}

/**
 * A share or a funnel as horizontal bars, largest (or first) on top, each labelled with its value
 * (and its share of the total when `share` is set).
 */
export function barsOf(items: readonly { name: string; value: number }[], o: { share?: boolean; unit?: string } = {}): EChartOption {
  const total = items.reduce((s, i) => s + i.value, 0);
  const label = (v: number) => `${v}${o.unit ?? ''}${o.share && total > 0 ? `（${Math.round((v * 1000) / total) / 10}%）` : ''}`;
  const rows = [...items].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 96, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', show: false },
    yAxis: { type: 'category', data: rows.map((i) => i.name) },
    series: [{ type: 'bar', data: rows.map((i) => i.value), label: { show: true, position: 'right', formatter: (p) => label(Number(p.value)) } }],
  };
}

/** Labels of a category axis of names: every one shown (ECharts skips some when they crowd), slanted past six. */
export function namedAxisLabel(count: number) {
  return { interval: 0, rotate: count > 6 ? 30 : 0 };
}

export default EChart;
