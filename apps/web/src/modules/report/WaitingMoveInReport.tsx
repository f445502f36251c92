import { useState } from 'react';
import { Table, Tag } from 'antd';
import { Link } from 'react-router';
import { Permission, reportContract as c, type WaitingMoveInResult, type WaitingMoveInRow } from '@care/shared';
import { useAuthorized } from '../../lib/authorized/index';
import { DrillDrawer, emptyLocale, Figure, ReportFilterBar, ReportFrame, TotalsRow, useFilterLine, useReport, type DrillRequest, type ReportFilters } from './ReportKit';
import { ReportPageText as T } from './report-text';

const countdown = (d: number | null) => {
  if (d === null) return '-';
  if (d < 0) return <Tag color="red">{`已过 ${-d} 天`}</Tag>;
  if (d === 0) return <Tag color="orange">今天</Tag>;
  return <Tag color={d <= 7 ? 'gold' : 'blue'}>{`${d} 天`}</Tag>;
};

/** 待入住 (/report/waitingMoveIn): confirmed orders not yet checked in, by planned day, with what they still owe. */
export function WaitingMoveInReport() {
  const authorized = useAuthorized();
  const [filters, setFilters] = useState<ReportFilters>({ from: '', to: '' });
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [drill, setDrill] = useState<DrillRequest | null>(null);
  const body = Object.fromEntries(Object.entries({ ...filters, ...page }).filter(([, v]) => v !== ''));
  const { data, isFetching } = useReport(c.waitingMoveIn, body, authorized(Permission.waitingMoveInReport));
  const r = data as WaitingMoveInResult | undefined;
  const line = useFilterLine(filters);
  return (
    <ReportFrame title={T.waitingMoveIn} viewAction={Permission.waitingMoveInReport} exportAction={Permission.waitingMoveInReportExport} exportPath={c.waitingMoveInExport.path} filters={body} filterLine={line}>
      <ReportFilterBar
        initial={filters}
        periodLabel={T.plannedPeriod}
        periodOptional
        onApply={(f) => {
          setFilters(f);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
      />
      <Table<WaitingMoveInRow>
        rowKey="id"
        size="small"
        bordered
        loading={isFetching}
        dataSource={r?.records ?? []}
        locale={emptyLocale}
        className="waiting-table"
        pagination={{ current: page.pageNo, pageSize: page.pageSize, total: r?.total ?? 0, showTotal: (n) => `共 ${n} 单`, onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }) }}
        columns={[
          { title: '订单编号', dataIndex: 'orderNo', render: (no: string) => <Link to={`/trade/order?no=${encodeURIComponent(no)}`}>{no}</Link> },
          { title: '客户', dataIndex: 'customerName' },
          { title: T.store, dataIndex: 'storeName' },
          { title: '套餐', dataIndex: 'productName' },
          { title: '计划入住', dataIndex: 'plannedCheckIn', render: (v: string | null) => v ?? '-' },
          { title: '预产期', dataIndex: 'dueDate', render: (v: string | null) => v ?? '-' },
          { title: '房间', dataIndex: 'roomNo', render: (v: string | null) => v ?? '未排房' },
          { title: '距入住', dataIndex: 'daysLeft', render: countdown },
          { title: '成交价（元）', dataIndex: 'dealPrice', align: 'right' },
          {
            title: '欠款（元）',
            dataIndex: 'owed',
            align: 'right',
            render: (v: string, row) => <Figure value={v} onClick={() => setDrill({ title: `${row.orderNo} 欠款`, contract: c.waitingMoveInDrill, body: { orderId: row.id } })} />,
          },
        ]}
        summary={() => (r ? <TotalsRow offset={8} cells={[r.totals.dealTotal, r.totals.owed]} /> : null)}
      />
      <DrillDrawer drill={drill} onClose={() => setDrill(null)} />
    </ReportFrame>
  );
}
