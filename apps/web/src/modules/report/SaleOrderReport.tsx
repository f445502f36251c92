import { useState } from 'react';
import { Form, Table } from 'antd';
import { Permission, reportContract as c, type SaleOrderResult, type SaleOrderRow } from '@care/shared';
import { ChannelSelect } from '../../components/crm';
import { DictTag } from '../../components/dict/DictTag';
import { UserSelect } from '../../components/org';
import { useAuthorized } from '../../lib/authorized/index';
import { emptyLocale, monthStart, ReportFilterBar, ReportFrame, today, TotalsRow, useFilterLine, useReport, type ReportFilters } from './ReportKit';
import { ReportPageText as T } from './report-text';
import { Link } from 'react-router';

/** 销售订单 (/report/saleOrder): the orders of the period, paged, with the totals of all of them. */
export function SaleOrderReport() {
  const authorized = useAuthorized();
  const [filters, setFilters] = useState<ReportFilters>({ from: monthStart(), to: today() });
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const { data, isFetching } = useReport(c.saleOrder, { ...filters, ...page }, authorized(Permission.saleOrderReport));
  const r = data as SaleOrderResult | undefined;
  const line = useFilterLine(filters);
  return (
    <ReportFrame title={T.saleOrder} viewAction={Permission.saleOrderReport} exportAction={Permission.saleOrderReportExport} exportPath={c.saleOrderExport.path} filters={filters} filterLine={line}>
      <ReportFilterBar
        initial={filters}
        onApply={(f) => {
          setFilters(f);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        extra={
          <>
            <Form.Item name="consultantId" label={T.consultant}>
              <UserSelect allowClear />
            </Form.Item>
            <Form.Item name="channelId" label={T.channel}>
              <ChannelSelect style={{ width: 160 }} />
            </Form.Item>
          </>
        }
      />
      <Table<SaleOrderRow>
        rowKey="id"
        size="small"
        bordered
        loading={isFetching}
        dataSource={r?.records ?? []}
        locale={emptyLocale}
        className="sale-order-table"
        scroll={{ x: 'max-content' }}
        pagination={{ current: page.pageNo, pageSize: page.pageSize, total: r?.total ?? 0, showSizeChanger: true, showTotal: (n) => `共 ${n}${r?.totalCapped ? '+' : ''} 条`, onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }) }}
        columns={[
          { title: '订单编号', dataIndex: 'orderNo', render: (no: string) => <Link to={`/trade/order?no=${encodeURIComponent(no)}`}>{no}</Link> },
          { title: '下单日期', dataIndex: 'day' },
          { title: '客户', dataIndex: 'customerName' },
          { title: T.store, dataIndex: 'storeName' },
          { title: '产品', dataIndex: 'productName' },
          { title: T.consultant, dataIndex: 'consultantName', render: (v: string | null) => v ?? '-' },
          { title: T.channel, dataIndex: 'channelName', render: (v: string | null) => v ?? '-' },
          { title: '状态', dataIndex: 'status', render: (v: string) => <DictTag code="order_status" value={v} /> },
          { title: '参考价（元）', dataIndex: 'referencePrice', align: 'right' },
          { title: '成交价（元）', dataIndex: 'dealPrice', align: 'right' },
          { title: '优惠（元）', dataIndex: 'discount', align: 'right' },
        ]}
        summary={() => (r ? <TotalsRow offset={8} cells={[r.totals.referenceTotal, r.totals.dealTotal, r.totals.discountTotal]} /> : null)}
      />
    </ReportFrame>
  );
}
