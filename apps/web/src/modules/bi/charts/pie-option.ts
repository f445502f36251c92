import type { PieEChartOption } from './PieEChart';

/**
 * A share of a whole as a pie (a ring), each part labelled with its share (one decimal), a legend under
 * it: parts largest first, or as given for an ordered dimension (levels).
 */
export function pieOf(items: readonly { name: string; value: number }[], seriesName: string, o: { ordered?: boolean } = {}): PieEChartOption {
  const parts = items.filter((i) => i.value > 0);
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
    legend: { type: 'plain', bottom: 0 },
    series: [
      {
        type: 'pie',
        name: seriesName,
        radius: ['40%', '66%'],
        center: ['50%', '45%'],
        percentPrecision: 1,
        data: o.ordered ? parts : parts.sort((a, b) => b.value - a.value),
        label: { formatter: '{b}：{d}%' },
      },
    ],
  };
}
