import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, DatePicker, Drawer, Empty, Form, Space, Table, Typography } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import type { Contract, DrillRecord, PageResult } from '@care/shared';
import { StoreSelect, useCrmOptions } from '../../components/crm';
import { exportXls } from '../../components/crud/export-xls';
import { useAuthorized } from '../../lib/authorized/index';
import { useServices } from '../../lib/useServices';
import { ReportPageText as T } from './report-text';

const DAY = 'YYYY-MM-DD';
export const monthStart = () => dayjs().startOf('month').format(DAY);
export const today = () => dayjs().format(DAY);

/** The print view: only the report card prints, without the shell's menu, header and buttons. */
const PRINT_CSS = `
@media print {
  body * { visibility: hidden; }
  .report-print, .report-print * { visibility: visible; }
  .report-print { position: absolute; left: 0; top: 0; width: 100%; }
  .report-no-print { display: none !important; }
  .report-print .ant-card { box-shadow: none; border: none; }
  .report-print-only { display: block !important; }
}
.report-print-only { display: none; }
.report-figure { cursor: pointer; }
`;

export interface ReportFilters {
  storeId?: string;
  from: string;
  to: string;
  [key: string]: unknown;
}

/** A report's filters: store, period and the report's own items; 查询 applies them. */
export function ReportFilterBar({
  initial,
  onApply,
  extra,
  periodLabel = T.period,
  periodOptional = false,
}: {
  initial: ReportFilters;
  onApply: (f: ReportFilters) => void;
  extra?: ReactNode;
  periodLabel?: string;
  periodOptional?: boolean;
}) {
  const [form] = Form.useForm();
  const initialValues = { ...initial, period: initial.from ? [dayjs(initial.from), dayjs(initial.to)] : undefined };
  const apply = (values: Record<string, unknown>) => {
    const { period, ...rest } = values as { period?: [Dayjs, Dayjs] | null } & Record<string, unknown>;
    const clean = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    onApply({ ...clean, from: period?.[0]?.format(DAY) ?? '', to: period?.[1]?.format(DAY) ?? '' } as ReportFilters);
  };
  return (
    <Form form={form} layout="inline" initialValues={initialValues} onFinish={apply} className="report-filters report-no-print" style={{ rowGap: 12, marginBottom: 16 }}>
      <Form.Item name="storeId" label={T.store}>
        <StoreSelect style={{ width: 180 }} placeholder={T.allStores} />
      </Form.Item>
      <Form.Item name="period" label={periodLabel} rules={periodOptional ? [] : [{ required: true, message: `请选择${periodLabel}` }]}>
        <DatePicker.RangePicker allowClear={periodOptional} />
      </Form.Item>
      {extra}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" className="report-query">
            {T.query}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              apply(form.getFieldsValue());
            }}
          >
            {T.reset}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** The page frame: title, 导出 (with the export action) and 打印, the print header, and no-access/empty states. */
export function ReportFrame({
  title,
  viewAction,
  exportAction,
  exportPath,
  filters,
  filterLine,
  children,
}: {
  title: string;
  viewAction: string;
  exportAction: string;
  exportPath: string;
  filters: Record<string, unknown>;
  filterLine: string;
  children: ReactNode;
}) {
  const authorized = useAuthorized();
  const { request } = useServices();
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      await exportXls(request, exportPath, filters as Record<string, string>, title);
    } catch {
      // The request client has shown the failure.
    } finally {
      setExporting(false);
    }
  };
  if (!authorized(viewAction)) return <Empty description={T.noAccess} />;
  return (
    <div className="report-print">
      <style>{PRINT_CSS}</style>
      <Card
        title={title}
        extra={
          <Space className="report-no-print">
            {authorized(exportAction) && (
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()} className="report-export">
                {T.export}
              </Button>
            )}
            <Button icon={<PrinterOutlined />} onClick={() => window.print()} className="report-printbtn">
              {T.print}
            </Button>
          </Space>
        }
      >
        <div className="report-print-only" style={{ marginBottom: 8 }}>
          <Typography.Text>{filterLine}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{T.printedAt(dayjs().format('YYYY-MM-DD HH:mm'))}</Typography.Text>
        </div>
        {children}
      </Card>
    </div>
  );
}

/** Calls a report's query contract with the applied filters (only for a user who may view it). */
export function useReport<C extends Contract>(contract: C, body: Record<string, unknown>, enabled: boolean) {
  const { request } = useServices();
  return useQuery({
    queryKey: ['report', contract.path, body],
    queryFn: () => request.call(contract, body as never) as Promise<unknown>,
    enabled,
  });
}

/** A figure a person can click to see the records behind it (a zero has none). */
export function Figure({ value, onClick }: { value: ReactNode; onClick?: (() => void) | undefined }) {
  if (!onClick || value === 0 || value === '0.00') return <>{value}</>;
  return (
    <Typography.Link className="report-figure" onClick={onClick}>
      {value}
    </Typography.Link>
  );
}

const RECORD_PAGE: Record<DrillRecord['kind'], string> = {
  order: '/trade/order',
  payment: '/finance/payment',
  receivable: '/finance/receivable',
  serviceOrder: '/serve/serviceOrder',
  assignment: '/serve/nurseAssignment',
};

export interface DrillRequest {
  title: string;
  contract: Contract;
  body: Record<string, unknown>;
}

/** The records behind a figure, paged; each number links to its record's page. */
export function DrillDrawer({ drill, onClose }: { drill: DrillRequest | null; onClose: () => void }) {
  const { request } = useServices();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const key = useMemo(() => (drill ? [drill.contract.path, drill.body] : null), [drill]);
  const { data, isFetching } = useQuery({
    queryKey: ['report-drill', key, page],
    queryFn: () => request.call(drill!.contract, { ...drill!.body, ...page } as never) as Promise<PageResult<DrillRecord>>,
    enabled: drill !== null,
  });
  return (
    <Drawer
      open={drill !== null}
      width={860}
      title={drill ? T.drillTitle(drill.title) : ''}
      onClose={() => {
        setPage({ pageNo: 1, pageSize: 10 });
        onClose();
      }}
      destroyOnHidden
      className="report-drill"
    >
      <Table<DrillRecord>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.records ?? []}
        locale={{ emptyText: <Empty description={T.empty} /> }}
        pagination={{ current: page.pageNo, pageSize: page.pageSize, total: data?.total ?? 0, showTotal: (n) => `共 ${n} 条`, onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }) }}
        columns={[
          { title: T.no, dataIndex: 'no', render: (no: string, r) => <Link to={`${RECORD_PAGE[r.kind]}?no=${encodeURIComponent(no)}`}>{no || '-'}</Link> },
          { title: T.day, dataIndex: 'day' },
          { title: T.customer, dataIndex: 'customerName', render: (v: string | null) => v ?? '-' },
          { title: T.store, dataIndex: 'storeName', render: (v: string | null) => v ?? '-' },
          { title: T.label, dataIndex: 'label' },
          { title: T.quantity, dataIndex: 'quantity', align: 'right', render: (v: number | null) => v ?? '-' },
          { title: T.amount, dataIndex: 'amount', align: 'right', render: (v: string | null) => v ?? '-' },
        ]}
      />
    </Drawer>
  );
}

/** A totals row under a table (antd summary), first cell 合计. */
export function TotalsRow({ cells, offset = 1 }: { cells: ReactNode[]; offset?: number }) {
  return (
    <Table.Summary.Row className="report-totals">
      <Table.Summary.Cell index={0} colSpan={offset}>
        <Typography.Text strong>{T.totalRow}</Typography.Text>
      </Table.Summary.Cell>
      {cells.map((c, i) => (
        <Table.Summary.Cell key={i} index={i + offset} align="right">
          <Typography.Text strong>{c}</Typography.Text>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

/** The filters as one line for the print header. */
export function filterLine(f: ReportFilters, storeName?: string | null): string {
  return T.filterLine([`${T.store}：${storeName ?? T.allStores}`, f.from ? `${T.period}：${f.from} ~ ${f.to}` : '']);
}

export const emptyLocale = { emptyText: <Empty description={T.empty} /> };

/** The print header's filter line, the store named. */
export function useFilterLine(f: ReportFilters): string {
  const { data } = useCrmOptions('store');
  const name = f.storeId ? (data?.find((o) => o.id === f.storeId)?.name ?? null) : null;
  return filterLine(f, name);
}
