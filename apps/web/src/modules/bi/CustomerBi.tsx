import { useMemo } from 'react';
import { Col, Row, Table, Typography } from 'antd';
import { biContract, percentOf, type CustomerBi as Figures } from '@care/shared';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BiBody, BiFilters, ChartCard, percentText, StatRow, useBiFilters, useBiQuery } from './bi-page';
import { BiPageText as text } from './bi.text';
import { barsOf, EChart, namedAxisLabel, type EChartOption } from './charts/EChart';

/** BI 客户 (/bi/customer): the funnel lead → visit → order → check-in, its monthly trend, lead sources and ROI per lead channel. */
export function CustomerBi() {
  useDocumentTitle(text.customerTitle);
  const f = useBiFilters();
  const query = useBiQuery(biContract.customer, f.body);
  return (
    <div className="bi-page bi-customer">
      <BiFilters page="customer" period={f.period} onPeriod={f.setPeriod} storeId={f.storeId} onStore={f.setStoreId} />
      <BiBody query={query}>{(d) => <CustomerFigures d={d} />}</BiBody>
    </div>
  );
}

function CustomerFigures({ d }: { d: Figures }) {
  const funnel = useMemo(
    () =>
      barsOf([
        { name: text.leads, value: d.funnel.leads },
        { name: text.visits, value: d.funnel.visits },
        { name: text.orders, value: d.funnel.orders },
        { name: text.checkIns, value: d.funnel.checkIns },
      ]),
    [d],
  );
  const trend = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, bottom: 24, top: 40 },
      xAxis: { type: 'category', data: d.trend.map((t) => t.month) },
      yAxis: { type: 'value', minInterval: 1 },
      series: (['leads', 'visits', 'orders', 'checkIns'] as const).map((k) => ({ type: 'bar', name: text[k], data: d.trend.map((t) => t[k]) })),
    }),
    [d],
  );
  const sources = useMemo(() => barsOf(d.sources.map((s) => ({ name: s.leadChannelName || text.noChannel, value: s.leads })), { share: true }), [d]);
  const roi = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 64, right: 16, bottom: 24, top: 40 },
      xAxis: { type: 'category', data: d.roi.map((r) => r.leadChannelName), axisLabel: namedAxisLabel(d.roi.length) },
      yAxis: { type: 'value' },
      series: [
        { type: 'bar', name: text.revenue, data: d.roi.map((r) => Number(r.revenue)) },
        { type: 'bar', name: text.cost, data: d.roi.map((r) => Number(r.cost)) },
      ],
    }),
    [d],
  );
  return (
    <>
      <StatRow
        items={[
          { title: text.leads, value: d.funnel.leads, testId: 'bi-leads' },
          { title: text.visits, value: d.funnel.visits, testId: 'bi-visits' },
          { title: text.orders, value: d.funnel.orders, testId: 'bi-orders' },
          { title: text.checkIns, value: d.funnel.checkIns, testId: 'bi-checkins' },
          { title: text.conversion, value: percentText(percentOf(d.funnel.checkIns, d.funnel.leads)) },
        ]}
      />
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <ChartCard title={text.funnel} empty={d.funnel.leads + d.funnel.visits + d.funnel.orders + d.funnel.checkIns === 0}>
            <EChart option={funnel} data-testid="bi-chart-funnel" />
          </ChartCard>
        </Col>
        <Col xs={24} lg={12}>
          <ChartCard title={text.sources} empty={d.sources.length === 0}>
            <EChart option={sources} data-testid="bi-chart-sources" />
          </ChartCard>
        </Col>
      </Row>
      <ChartCard title={text.trend}>
        <EChart option={trend} data-testid="bi-chart-trend" />
      </ChartCard>
      <ChartCard title={text.roi} empty={d.roi.length === 0} extra={<Typography.Text type="secondary">{text.roiHint(d.months)}</Typography.Text>}>
        <EChart option={roi} height={260} data-testid="bi-chart-roi" />
        <Table
          className="bi-roi-table"
          size="small"
          rowKey="leadChannelId"
          pagination={false}
          dataSource={d.roi}
          columns={[
            { title: text.leadChannel, dataIndex: 'leadChannelName' },
            { title: text.orders, dataIndex: 'orders', align: 'right' },
            { title: text.revenue, dataIndex: 'revenue', align: 'right' },
            { title: text.cost, dataIndex: 'cost', align: 'right' },
            { title: text.roiValue, dataIndex: 'roi', align: 'right', render: (v: number | null) => (v === null ? '—' : v.toFixed(2)) },
          ]}
        />
      </ChartCard>
    </>
  );
}

export default CustomerBi;
