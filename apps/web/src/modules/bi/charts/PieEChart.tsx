import { PieChart, type PieSeriesOption } from 'echarts/charts';
import type { LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { use as register, type ComposeOption } from 'echarts/core';
import { EChart, type EChartOption, type EChartProps } from './EChart';

// Pies, for the pages that draw one (the online report's 饼图, the BI shares of a few parts). Registered here, not in EChart.tsx, so
// that the pie lands in a small chunk of its own that only those pages load (vite.config.ts keeps its
// modules out of the shared `echarts` chunk, which is near the page budget).
register([PieChart]);

export type PieEChartOption = ComposeOption<PieSeriesOption | LegendComponentOption | TooltipComponentOption>;

/** EChart drawing a pie (legend and tooltip are registered by EChart.tsx). */
export function PieEChart({ option, ...props }: Omit<EChartProps, 'option'> & { option: PieEChartOption }) {
  // EChart hands the option to ECharts as it is; its type lists only the charts it registers itself.
  return <EChart {...props} option={option as EChartOption} />;
}

export default PieEChart;
