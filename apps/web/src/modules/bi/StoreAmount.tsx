import { useMemo, useState } from 'react';
import { Col, Empty, Row, Table } from 'antd';
import { biContract, DictCode, type StoreAmount as Figures } from '@care/shared';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BiBody, BiFilters, ChartCard, StatRow, thisMonth, useBiQuery, useDictLabel, type Period } from './bi-page';
import { BiPageText as text } from './bi.text';
import { barsOf, EChart } from './charts/EChart';

/** 门店金额 (/store/amount): a store's money in over a period (by method and item) and what it is owed at the period's end, aged. */
export function StoreAmount() {
  useDocumentTitle(text.amountTitle);
  const [period, setPeriod] = useState<Period>(thisMonth);
  const [storeId, setStoreId] = useState<string>();
  const query = useBiQuery(biContract.storeAmount, { ...period, storeId });
  const stores = query.data?.stores ?? [];
  return (
    <div className="bi-page store-amount">
      <BiFilters period={period} onPeriod={setPeriod} storeId={storeId ?? query.data?.storeId ?? undefined} onStore={setStoreId} allowAllStores={false} stores={stores} />
      <BiBody query={query}>{(d) => (d.storeId === null ? <Empty description={text.noStore} /> : <AmountFigures d={d} asOf={period.to} />)}</BiBody>
    </div>
  );
}

function AmountFigures({ d, asOf }: { d: Figures; asOf: string }) {
  const method = useDictLabel(DictCode.paymentMethod);
  const itemLabel = useDictLabel(DictCode.receivableItem);
  const item = (v: string) => (v === 'unapplied' ? text.unapplied : itemLabel(v));
  const methods = useMemo(() => barsOf(d.methods.map((m) => ({ name: method(m.method), value: Number(m.net) })), { share: true }), [d, method]);
  const money = (title: string, dataIndex: string) => ({ title, dataIndex, align: 'right' as const });
  return (
    <>
      <StatRow
        items={[
          { title: text.received, value: d.received, suffix: text.yuan, testId: 'amount-received' },
          { title: text.refunded, value: d.refunded, suffix: text.yuan, testId: 'amount-refunded' },
          { title: text.net, value: d.net, suffix: text.yuan },
          { title: text.payments, value: d.payments },
          { title: text.outstanding, value: d.owed.outstanding, suffix: text.yuan, testId: 'amount-outstanding' },
        ]}
      />
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <ChartCard title={text.byMethod} empty={d.methods.length === 0}>
            <EChart option={methods} data-testid="bi-chart-methods" />
          </ChartCard>
        </Col>
        <Col xs={24} lg={14}>
          <ChartCard title={text.byItem} empty={d.items.length === 0}>
            <Table
              size="small"
              rowKey="item"
              pagination={false}
              dataSource={d.items}
              columns={[{ title: text.item, dataIndex: 'item', render: (v: string) => item(v) }, money(text.received, 'received'), money(text.refunded, 'refunded'), money(text.net, 'net')]}
            />
          </ChartCard>
        </Col>
      </Row>
      <ChartCard title={text.owedAsOf(asOf)} empty={d.owedItems.length === 0}>
        <Table
          className="bi-owed-table"
          size="small"
          rowKey="item"
          pagination={false}
          dataSource={d.owedItems}
          columns={[
            { title: text.item, dataIndex: 'item', render: (v: string) => item(v) },
            money(text.outstanding, 'outstanding'),
            money(text.notDue, 'notDue'),
            money(text.d0to30, 'd0to30'),
            money(text.d31to60, 'd31to60'),
            money(text.d61to90, 'd61to90'),
            money(text.over90, 'over90'),
          ]}
        />
      </ChartCard>
    </>
  );
}

export default StoreAmount;
