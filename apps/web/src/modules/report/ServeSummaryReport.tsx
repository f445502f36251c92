import { useState } from 'react';
import { Table } from 'antd';
import { Permission, reportContract as c, type ServeSummaryResult, type ServeSummaryRow } from '@care/shared';
import { useAuthorized } from '../../lib/authorized/index';
import { DrillDrawer, emptyLocale, Figure, monthStart, ReportFilterBar, ReportFrame, today, TotalsRow, useFilterLine, useReport, type DrillRequest, type ReportFilters } from './ReportKit';
import { ReportPageText as T } from './report-text';

/** 服务汇总 (/report/serveSummary): completed services of the period by service item, 套餐内 and 加购. */
export function ServeSummaryReport() {
  const authorized = useAuthorized();
  const [filters, setFilters] = useState<ReportFilters>({ from: monthStart(), to: today() });
  const [drill, setDrill] = useState<DrillRequest | null>(null);
  const { data, isFetching } = useReport(c.serveSummary, filters, authorized(Permission.serveSummaryReport));
  const r = data as ServeSummaryResult | undefined;
  const line = useFilterLine(filters);
  const open = (row: ServeSummaryRow, source?: 'package' | 'extra') => () =>
    setDrill({ title: `${row.label}${source === 'package' ? ' 套餐内' : source === 'extra' ? ' 加购' : ''}`, contract: c.serveSummaryDrill, body: { ...filters, item: row.key, ...(source ? { source } : {}) } });
  return (
    <ReportFrame title={T.serveSummary} viewAction={Permission.serveSummaryReport} exportAction={Permission.serveSummaryReportExport} exportPath={c.serveSummaryExport.path} filters={filters} filterLine={line}>
      <ReportFilterBar initial={filters} onApply={setFilters} />
      <Table<ServeSummaryRow>
        rowKey="key"
        size="small"
        bordered
        loading={isFetching}
        dataSource={r?.rows ?? []}
        pagination={false}
        locale={emptyLocale}
        className="serve-summary-table"
        columns={[
          { title: '服务项目', dataIndex: 'label' },
          { title: '套餐内（次）', dataIndex: 'package', align: 'right', render: (v: number, row) => <Figure value={v} onClick={open(row, 'package')} /> },
          { title: '加购（次）', dataIndex: 'extra', align: 'right', render: (v: number, row) => <Figure value={v} onClick={open(row, 'extra')} /> },
          { title: '合计（次）', dataIndex: 'completed', align: 'right', render: (v: number, row) => <Figure value={v} onClick={open(row)} /> },
        ]}
        summary={() => (r ? <TotalsRow cells={[r.totals.package, r.totals.extra, r.totals.completed]} /> : null)}
      />
      <DrillDrawer drill={drill} onClose={() => setDrill(null)} />
    </ReportFrame>
  );
}
