import { useMemo } from 'react';
import { Card } from 'antd';
import { biContract } from '@care/shared';
import { BiBody, percentText, StatRow, useBiQuery } from '../bi/bi-figures';
import { BiPageText as text } from '../bi/bi.text';
import { EChart, type EChartOption } from '../bi/charts/EChart';

/** 分析页's KPI cards and 30-day trend (holders of dashboard:analysis:kpi); loaded lazily so the shell carries no chart code. */
export function AnalysisKpiPanel() {
  const query = useBiQuery(biContract.analysisKpi, {});
  const option = useMemo<EChartOption | null>(() => {
    const d = query.data;
    if (!d) return null;
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 72, right: 48, bottom: 24, top: 40 },
      xAxis: { type: 'category', data: d.trend.map((t) => t.day.slice(5)) },
      yAxis: [{ type: 'value' }, { type: 'value', minInterval: 1 }],
      series: [
        { type: 'line', name: text.dealTotal, data: d.trend.map((t) => Number(t.dealTotal)) },
        { type: 'line', name: text.net, data: d.trend.map((t) => Number(t.received)) },
        { type: 'bar', name: text.orders, yAxisIndex: 1, barMaxWidth: 18, itemStyle: { opacity: 0.35 }, data: d.trend.map((t) => t.orders) },
      ],
    };
  }, [query.data]);
  return (
    <Card title={text.kpiTitle} style={{ marginTop: 16 }} className="analysis-kpi">
      <BiBody query={query}>
        {(d) => (
          <>
            <StatRow
              items={[
                { title: text.monthOrders, value: d.orders, testId: 'kpi-orders' },
                { title: text.monthDeal, value: d.dealTotal, suffix: text.yuan, testId: 'kpi-deal' },
                { title: text.monthReceived, value: d.received, suffix: text.yuan, testId: 'kpi-received' },
                { title: text.monthLeads, value: d.leads, testId: 'kpi-leads' },
                { title: text.monthCheckIns, value: d.checkIns, testId: 'kpi-checkins' },
                { title: text.tonight, value: percentText(d.occupancy.rate), testId: 'kpi-occupancy' },
                { title: text.outstanding, value: d.outstanding, suffix: text.yuan, testId: 'kpi-outstanding' },
              ]}
            />
            {option && <EChart option={option} height={280} data-testid="kpi-chart-trend" />}
          </>
        )}
      </BiBody>
    </Card>
  );
}

export default AnalysisKpiPanel;
