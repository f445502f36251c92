import { useMemo } from 'react';
import { Col, Row } from 'antd';
import { biContract, type IndexChart as Figures } from '@care/shared';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BiBody, BiFilters, ChartCard, useBiFilters, useBiQuery } from '../bi/bi-page';
import { BiPageText as text } from '../bi/bi.text';
import { EChart, type EChartOption } from '../bi/charts/EChart';

const axis = (d: Figures) => ({ type: 'category' as const, data: d.points.map((p) => (d.grain === 'day' ? p.key.slice(5) : p.key)) });
const grid = { left: 72, right: 16, bottom: 24, top: 40 };

/** 指标图表 (/dashboard/indexChart): the KPIs of a chosen period per day (up to 62 days) or per month. */
export function IndexChart() {
  useDocumentTitle(text.indexTitle);
  const f = useBiFilters();
  const query = useBiQuery(biContract.indexChart, f.body);
  return (
    <div className="bi-page index-chart">
      <BiFilters page="indexChart" period={f.period} onPeriod={f.setPeriod} storeId={f.storeId} onStore={f.setStoreId} />
      <BiBody query={query}>{(d) => <IndexFigures d={d} />}</BiBody>
    </div>
  );
}

function IndexFigures({ d }: { d: Figures }) {
  const counts = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid,
      xAxis: axis(d),
      yAxis: { type: 'value', minInterval: 1 },
      series: (['leads', 'visits', 'orders', 'checkIns'] as const).map((k) => ({ type: 'line', name: text[k], data: d.points.map((p) => p[k]) })),
    }),
    [d],
  );
  const money = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid,
      xAxis: axis(d),
      yAxis: { type: 'value' },
      series: [
        { type: 'bar', name: text.dealTotal, data: d.points.map((p) => Number(p.dealTotal)) },
        { type: 'bar', name: text.received, data: d.points.map((p) => Number(p.received)) },
        { type: 'bar', name: text.refunded, data: d.points.map((p) => Number(p.refunded)) },
      ],
    }),
    [d],
  );
  const occupancy = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v) => `${String(v)}%` },
      grid,
      xAxis: axis(d),
      yAxis: { type: 'value', max: 100 },
      series: [{ type: 'line', name: text.occupancy, areaStyle: {}, data: d.points.map((p) => p.occupancy ?? 0) }],
    }),
    [d],
  );
  return (
    <>
      <ChartCard title={`${text.leads} / ${text.visits} / ${text.orders} / ${text.checkIns}`}>
        <EChart option={counts} data-testid="index-chart-counts" />
      </ChartCard>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <ChartCard title={`${text.dealTotal} / ${text.received}`}>
            <EChart option={money} data-testid="index-chart-money" />
          </ChartCard>
        </Col>
        <Col xs={24} lg={12}>
          <ChartCard title={text.occupancy}>
            <EChart option={occupancy} data-testid="index-chart-occupancy" />
          </ChartCard>
        </Col>
      </Row>
    </>
  );
}

export default IndexChart;
