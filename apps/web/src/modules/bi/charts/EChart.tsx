import { useEffect, useRef } from 'react';
import { BarChart, FunnelChart, LineChart, PieChart, type BarSeriesOption, type FunnelSeriesOption, type LineSeriesOption, type PieSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption } from 'echarts/components';
import { init, use as register, type ComposeOption, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// The one chart of the product: ECharts core with only the charts and components below (tree-shaken,
// in the `echarts` and `zrender` chunks), drawn on canvas. Pages that draw import this file lazily.
register([BarChart, LineChart, PieChart, FunnelChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type EChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | PieSeriesOption | FunnelSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

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

export default EChart;
