import { useState } from 'react';
import { Form, Input, Table } from 'antd';
import { Permission, reportContract as c, type MonthlyNurseResult, type MonthlyNurseRow } from '@care/shared';
import { useAuthorized } from '../../lib/authorized/index';
import { DrillDrawer, emptyLocale, Figure, monthStart, ReportFilterBar, ReportFrame, today, TotalsRow, useFilterLine, useReport, type DrillRequest, type ReportFilters } from './ReportKit';
import { ReportPageText as T } from './report-text';

const pct = (v: string | null) => (v === null ? '-' : `${v}%`);

/** 月嫂报表 (/report/monthlyNurse): per nurse the days served, utilisation, earnings and rating of the period. */
export function MonthlyNurseReport() {
  const authorized = useAuthorized();
  const [filters, setFilters] = useState<ReportFilters>({ from: monthStart(), to: today() });
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [drill, setDrill] = useState<DrillRequest | null>(null);
  const { data, isFetching } = useReport(c.monthlyNurse, { ...filters, ...page }, authorized(Permission.monthlyNurseReport));
  const r = data as MonthlyNurseResult | undefined;
  const line = useFilterLine(filters);
  const open = (row: MonthlyNurseRow) => () => setDrill({ title: `${row.name} 派工`, contract: c.monthlyNurseDrill, body: { storeId: filters.storeId, from: filters.from, to: filters.to, nurseId: row.id } });
  return (
    <ReportFrame title={T.monthlyNurse} viewAction={Permission.monthlyNurseReport} exportAction={Permission.monthlyNurseReportExport} exportPath={c.monthlyNurseExport.path} filters={filters} filterLine={line}>
      <ReportFilterBar
        initial={filters}
        onApply={(f) => {
          setFilters(f);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        extra={
          <Form.Item name="keyword" label={T.keyword}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
        }
      />
      <Table<MonthlyNurseRow>
        rowKey="id"
        size="small"
        bordered
        loading={isFetching}
        dataSource={r?.records ?? []}
        locale={emptyLocale}
        className="nurse-report-table"
        pagination={{ current: page.pageNo, pageSize: page.pageSize, total: r?.total ?? 0, showTotal: (n) => `共 ${n} 人`, onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }) }}
        columns={[
          { title: '月嫂编号', dataIndex: 'nurseNo' },
          { title: '姓名', dataIndex: 'name' },
          { title: '级别', dataIndex: 'level' },
          { title: T.store, dataIndex: 'storeName', render: (v: string | null) => v ?? '-' },
          { title: '服务天数', dataIndex: 'daysServed', align: 'right', render: (v: number, row) => <Figure value={v} onClick={open(row)} /> },
          { title: '可用天数', dataIndex: 'availableDays', align: 'right' },
          { title: '利用率', dataIndex: 'utilisation', align: 'right', render: pct },
          { title: '收入（元）', dataIndex: 'earnings', align: 'right', render: (v: string, row) => <Figure value={v} onClick={open(row)} /> },
          { title: '评分', dataIndex: 'rating', align: 'right', render: (v: string | null, row) => (v === null ? '-' : `${v}（${row.ratingCount}条）`) },
        ]}
        summary={() => (r ? <TotalsRow offset={4} cells={[r.totals.daysServed, r.totals.availableDays, pct(r.totals.utilisation), r.totals.earnings, '']} /> : null)}
      />
      <DrillDrawer drill={drill} onClose={() => setDrill(null)} />
    </ReportFrame>
  );
}
