import { useState } from 'react';
import { Table, Typography } from 'antd';
import { AGING_COLUMNS, Permission, reportContract as c, type FinanceResult, type MoneyRow, type ReportAgingRow } from '@care/shared';
import { useAuthorized } from '../../lib/authorized/index';
import { DrillDrawer, emptyLocale, Figure, monthStart, ReportFilterBar, ReportFrame, today, TotalsRow, useFilterLine, useReport, type DrillRequest, type ReportFilters } from './ReportKit';
import { ReportPageText as T } from './report-text';

/** 财务报表 (/report/finance): receipts by method, item and store, refunds, and the aging of what is owed. */
export function FinanceReport() {
  const authorized = useAuthorized();
  const [filters, setFilters] = useState<ReportFilters>({ from: monthStart(), to: today() });
  const [drill, setDrill] = useState<DrillRequest | null>(null);
  const { data, isFetching } = useReport(c.finance, filters, authorized(Permission.financeReport));
  const r = data as FinanceResult | undefined;
  const line = useFilterLine(filters);

  const pay = (title: string, dim: 'method' | 'store' | 'all', key?: string) => () =>
    setDrill({ title, contract: c.financeDrill, body: { ...filters, figure: 'payments', dim, ...(key ? { key } : {}) } });
  const moneyTable = (caption: string, rows: MoneyRow[] | undefined, dim?: 'method' | 'store') => (
    <Table<MoneyRow>
      rowKey="key"
      size="small"
      bordered
      loading={isFetching}
      title={() => <Typography.Text strong>{caption}</Typography.Text>}
      dataSource={rows ?? []}
      pagination={false}
      locale={emptyLocale}
      style={{ marginBottom: 24 }}
      className={`finance-${dim ?? 'item'}`}
      columns={[
        { title: caption.replace('按', ''), dataIndex: 'label' },
        { title: '收款（元）', dataIndex: 'received', align: 'right', render: (v: string, row) => <Figure value={v} onClick={dim ? pay(`${row.label} 收款`, dim, row.key) : undefined} /> },
        { title: '退款（元）', dataIndex: 'refunded', align: 'right' },
        { title: '净收款（元）', dataIndex: 'net', align: 'right' },
        { title: '笔数', dataIndex: 'payments', align: 'right' },
      ]}
      summary={() =>
        r ? <TotalsRow cells={[<Figure key="r" value={r.totals.received} onClick={pay('全部收款', 'all')} />, r.totals.refunded, r.totals.net, r.totals.payments]} /> : null
      }
    />
  );
  const aging = (title: string, bucket: string, storeId?: string) => () =>
    setDrill({ title, contract: c.financeDrill, body: { ...filters, ...(storeId ? { storeId } : {}), figure: 'aging', bucket } });
  const agingCols = [
    { title: '未收合计（元）', key: 'outstanding' as const },
    ...AGING_COLUMNS.map((a) => ({ title: `${a.label}（元）`, key: a.key })),
  ];

  return (
    <ReportFrame title={T.finance} viewAction={Permission.financeReport} exportAction={Permission.financeReportExport} exportPath={c.financeExport.path} filters={filters} filterLine={line}>
      <ReportFilterBar initial={filters} onApply={setFilters} />
      {moneyTable('按收款方式', r?.byMethod, 'method')}
      {moneyTable('按款项', r?.byItem)}
      {moneyTable('按门店', r?.byStore, 'store')}
      <Table<ReportAgingRow>
        rowKey="key"
        size="small"
        bordered
        loading={isFetching}
        title={() => <Typography.Text strong>{`应收账龄（截至 ${filters.to}）`}</Typography.Text>}
        dataSource={r?.aging ?? []}
        pagination={false}
        locale={emptyLocale}
        className="finance-aging"
        columns={[
          { title: T.store, dataIndex: 'label' },
          ...agingCols.map((a) => ({
            title: a.title,
            dataIndex: a.key,
            align: 'right' as const,
            render: (v: string, row: ReportAgingRow) => <Figure value={v} onClick={aging(`${row.label} ${a.title}`, a.key, row.key)} />,
          })),
        ]}
        summary={() => (r ? <TotalsRow cells={agingCols.map((a) => <Figure key={a.key} value={r.agingTotals[a.key]} onClick={aging(a.title, a.key)} />)} /> : null)}
      />
      <DrillDrawer drill={drill} onClose={() => setDrill(null)} />
    </ReportFrame>
  );
}
