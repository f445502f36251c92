import { useMemo } from 'react';
import { Col, Row, Table } from 'antd';
import { biContract, DictCode, type OrderBi as Figures } from '@care/shared';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BiBody, BiFilters, ChartCard, percentText, StatRow, useBiFilters, useBiQuery, useDictLabel } from './bi-page';
import { BiPageText as text } from './bi.text';
import { EChart, type EChartOption } from './charts/EChart';
import { pieOf } from './charts/pie-option';
import { PieEChart } from './charts/PieEChart';

/** BI 订单 (/bi/order): revenue trend, product mix and the discount off the reference price. */
export function OrderBi() {
  useDocumentTitle(text.orderTitle);
  const f = useBiFilters();
  const query = useBiQuery(biContract.order, f.body);
  return (
    <div className="bi-page bi-order">
      <BiFilters page="order" period={f.period} onPeriod={f.setPeriod} storeId={f.storeId} onStore={f.setStoreId} />
      <BiBody query={query}>{(d) => <OrderFigures d={d} />}</BiBody>
    </div>
  );
}

function OrderFigures({ d }: { d: Figures }) {
  const kind = useDictLabel(DictCode.productKind);
  const trend = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 72, right: 48, bottom: 24, top: 40 },
      xAxis: { type: 'category', data: d.trend.map((t) => t.key) },
      yAxis: [{ type: 'value' }, { type: 'value', minInterval: 1 }],
      series: [
        { type: 'line', name: text.dealTotal, data: d.trend.map((t) => Number(t.dealTotal)) },
        { type: 'bar', name: text.orders, yAxisIndex: 1, barMaxWidth: 18, itemStyle: { opacity: 0.35 }, data: d.trend.map((t) => t.orders) },
      ],
    }),
    [d],
  );
  const kinds = useMemo(() => pieOf(d.kinds.map((k) => ({ name: kind(k.productKind), value: Number(k.dealTotal) })), text.dealTotal), [d, kind]);
  const t = d.totals;
  return (
    <>
      <StatRow
        items={[
          { title: text.orders, value: t.orders, testId: 'bi-orders' },
          { title: text.dealTotal, value: t.dealTotal, suffix: text.yuan, testId: 'bi-deal-total' },
          { title: text.referenceTotal, value: t.referenceTotal, suffix: text.yuan },
          { title: text.discountTotal, value: t.discountTotal, suffix: text.yuan, testId: 'bi-discount-total' },
          { title: text.discountRate, value: percentText(t.discountRate) },
          { title: text.averageDeal, value: t.averageDeal, suffix: text.yuan },
        ]}
      />
      <ChartCard title={text.revenueTrend}>
        <EChart option={trend} data-testid="bi-chart-revenue" />
      </ChartCard>
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <ChartCard title={text.kindMix} empty={d.kinds.length === 0}>
            <PieEChart option={kinds} data-testid="bi-chart-kinds" />
          </ChartCard>
        </Col>
        <Col xs={24} lg={14}>
          <ChartCard title={text.productMix} empty={d.products.length === 0}>
            <Table
              className="bi-product-table"
              size="small"
              rowKey={(r) => r.productId ?? ''}
              pagination={{ pageSize: 8, hideOnSinglePage: true }}
              dataSource={d.products}
              columns={[
                { title: text.product, dataIndex: 'productName' },
                { title: text.productKind, dataIndex: 'productKind', render: (v: string | null) => kind(v) },
                { title: text.orders, dataIndex: 'orders', align: 'right' },
                { title: text.dealTotal, dataIndex: 'dealTotal', align: 'right' },
                { title: text.discountTotal, dataIndex: 'discountTotal', align: 'right' },
              ]}
            />
          </ChartCard>
        </Col>
      </Row>
    </>
  );
}

export default OrderBi;
