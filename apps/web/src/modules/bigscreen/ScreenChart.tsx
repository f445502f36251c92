import { useEffect, useRef } from 'react';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption } from 'echarts/components';
import { init, use as register, type ComposeOption, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// The big screens' charts: ECharts core with bar and line only (tree-shaken), on canvas, dark.
register([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ScreenChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

/** A chart filling its box, redrawn when the option changes, disposed with the component. */
export function ScreenChart({ option, height, testId }: { option: ScreenChartOption; height: number; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  useEffect(() => {
    if (!box.current) return;
    const instance = init(box.current, 'dark', { renderer: 'canvas' });
    chart.current = instance;
    return () => {
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', animation: false, ...option }, { notMerge: true });
  }, [option]);
  return <div ref={box} data-testid={testId} style={{ width: '100%', height }} />;
}
