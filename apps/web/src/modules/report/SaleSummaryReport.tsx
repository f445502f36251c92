import { useState } from 'react';
import { Form, Select, Table } from 'antd';
import { Permission, reportContract as c, SALE_GROUP_LABELS, type SaleGroup, type SaleSummaryResult, type SaleSummaryRow } from '@care/shared';
import { useAuthorized } from '../../lib/authorized/index';
import { DrillDrawer, emptyLocale, Figure, monthStart, ReportFilterBar, ReportFrame, today, TotalsRow, useFilterLine, useReport, type DrillRequest, type ReportFilters } from './ReportKit';
import { ReportPageText as T } from './report-text';

const pct = (v: string | null) => (v === null ? '-' : `${v}%`);

/** 销售汇总 (/report/saleSummary): orders and money by consultant, store, channel or product, deal against reference price. */
export function SaleSummaryReport() {
  const authorized = useAuthorized();
  const [filters, setFilters] = useState<ReportFilters>({ from: monthStart(), to: today(), groupBy: 'consultant' });
  const [drill, setDrill] = useState<DrillRequest | null>(null);
  const { data, isFetching } = useReport(c.saleSummary, filters, authorized(Permission.saleSummaryReport));
  const r = data as SaleSummaryResult | undefined;
  const line = useFilterLine(filters);
  const groupBy = (filters.groupBy as SaleGroup) ?? 'consultant';
  const open = (row: SaleSummaryRow) => () => setDrill({ title: `${SALE_GROUP_LABELS[groupBy]}：${row.label}`, contract: c.saleSummaryDrill, body: { ...filters, groupBy, key: row.key } });
  return (
    <ReportFrame title={T.saleSummary} viewAction={Permission.saleSummaryReport} exportAction={Permission.saleSummaryReportExport} exportPath={c.saleSummaryExport.path} filters={filters} filterLine={line}>
      <ReportFilterBar
        initial={filters}
        onApply={(f) => setFilters({ groupBy: 'consultant', ...f })}
        extra={
          <Form.Item name="groupBy" label={T.groupBy}>
            <Select style={{ width: 120 }} options={Object.entries(SALE_GROUP_LABELS).map(([value, label]) => ({ value, label }))} className="report-group-by" />
          </Form.Item>
        }
      />
      <Table<SaleSummaryRow>
        rowKey="key"
        size="small"
        bordered
        loading={isFetching}
        dataSource={r?.rows ?? []}
        pagination={false}
        locale={emptyLocale}
        className="sale-summary-table"
        columns={[
          { title: SALE_GROUP_LABELS[groupBy], dataIndex: 'label' },
          { title: '订单数', dataIndex: 'orders', align: 'right', render: (v: number, row) => <Figure value={v} onClick={open(row)} /> },
          { title: '参考价合计（元）', dataIndex: 'referenceTotal', align: 'right' },
          { title: '成交价合计（元）', dataIndex: 'dealTotal', align: 'right', render: (v: string, row) => <Figure value={v} onClick={open(row)} /> },
          { title: '优惠合计（元）', dataIndex: 'discountTotal', align: 'right' },
          { title: '成交/参考', dataIndex: 'dealRate', align: 'right', render: pct },
        ]}
        summary={() => (r ? <TotalsRow cells={[r.totals.orders, r.totals.referenceTotal, r.totals.dealTotal, r.totals.discountTotal, pct(r.totals.dealRate)]} /> : null)}
      />
      <DrillDrawer drill={drill} onClose={() => setDrill(null)} />
    </ReportFrame>
  );
}
