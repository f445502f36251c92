import { useState } from 'react';
import { Form, Input, Table } from 'antd';
import { Link } from 'react-router';
import { Permission, reportContract as c, type OrderServeResult, type OrderServeRow } from '@care/shared';
import { DictTag } from '../../components/dict/DictTag';
import { useAuthorized } from '../../lib/authorized/index';
import { DrillDrawer, emptyLocale, Figure, monthStart, ReportFilterBar, ReportFrame, today, TotalsRow, useFilterLine, useReport, type DrillRequest, type ReportFilters } from './ReportKit';
import { ReportPageText as T } from './report-text';

/** 订单服务 (/report/orderServe): per order checked in during the period, the services delivered against its package. */
export function OrderServeReport() {
  const authorized = useAuthorized();
  const [filters, setFilters] = useState<ReportFilters>({ from: monthStart(), to: today() });
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [drill, setDrill] = useState<DrillRequest | null>(null);
  const { data, isFetching } = useReport(c.orderServe, { ...filters, ...page }, authorized(Permission.orderServeReport));
  const r = data as OrderServeResult | undefined;
  const line = useFilterLine(filters);
  const open = (row: OrderServeRow, source: 'package' | 'extra') => () =>
    setDrill({ title: `${row.orderNo} ${source === 'package' ? '套餐内' : '加购'}服务`, contract: c.orderServeDrill, body: { orderId: row.id, source } });
  return (
    <ReportFrame title={T.orderServe} viewAction={Permission.orderServeReport} exportAction={Permission.orderServeReportExport} exportPath={c.orderServeExport.path} filters={filters} filterLine={line}>
      <ReportFilterBar
        initial={filters}
        periodLabel="入住日期"
        onApply={(f) => {
          setFilters(f);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        extra={
          <Form.Item name="orderNo" label={T.orderNo}>
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
        }
      />
      <Table<OrderServeRow>
        rowKey="id"
        size="small"
        bordered
        loading={isFetching}
        dataSource={r?.records ?? []}
        locale={emptyLocale}
        className="order-serve-table"
        expandable={{
          expandedRowRender: (row) => (
            <Table
              rowKey="serviceItem"
              size="small"
              pagination={false}
              dataSource={row.items}
              columns={[
                { title: '服务项目', dataIndex: 'serviceItem', render: (v: string) => <DictTag code="service_item" value={v} /> },
                { title: '套餐次数', dataIndex: 'total', render: (v: number | null) => v ?? '按需' },
                { title: '已用', dataIndex: 'used' },
                { title: '剩余', dataIndex: 'remaining', render: (v: number | null) => v ?? '-' },
              ]}
            />
          ),
        }}
        pagination={{ current: page.pageNo, pageSize: page.pageSize, total: r?.total ?? 0, showTotal: (n) => `共 ${n} 单`, onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }) }}
        columns={[
          { title: '订单编号', dataIndex: 'orderNo', render: (no: string) => <Link to={`/trade/order?no=${encodeURIComponent(no)}`}>{no}</Link> },
          { title: '入住日期', dataIndex: 'checkInDay' },
          { title: '客户', dataIndex: 'customerName' },
          { title: T.store, dataIndex: 'storeName' },
          { title: '套餐', dataIndex: 'productName' },
          { title: '套餐内次数', dataIndex: 'packageAllowance', align: 'right' },
          { title: '套餐内已用', dataIndex: 'packageUsed', align: 'right', render: (v: number, row) => <Figure value={v} onClick={open(row, 'package')} /> },
          { title: '加购次数', dataIndex: 'extraUsed', align: 'right', render: (v: number, row) => <Figure value={v} onClick={open(row, 'extra')} /> },
        ]}
        summary={() => (r ? <TotalsRow offset={6} cells={[r.totals.packageAllowance, r.totals.packageUsed, r.totals.extraUsed]} /> : null)}
      />
      <DrillDrawer drill={drill} onClose={() => setDrill(null)} />
    </ReportFrame>
  );
}
