import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert, App, Button, Card, Form, Result, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { onlineReportPageContracts, type OnlineReportPageConfig, type OnlineReportParamValues, type OnlineReportRow } from '@care/shared';
import { saveBlob } from '../../components/crud/export-xls';
import { useServices } from '../../lib/useServices';
import { ReportChart } from './ReportChart';
import { initialParamValues, ParamItems, toParamValues } from './report-params';
import { ReportPageText as T } from './online-report-text';

const PREFIX = '/online/cgreportList/';

/** A report's generated page (`/online/cgreportList/<code>`): the report is the one its path names. */
export function OnlineReportPage() {
  const { pathname } = useLocation();
  const code = pathname.startsWith(PREFIX) ? pathname.slice(PREFIX.length).split('/')[0] : '';
  if (!code || !/^[a-z][a-z0-9_]{1,39}$/.test(code)) return <Result status="404" title={T.noReport} />;
  return <ReportView key={code} code={code} />;
}

function ReportView({ code }: { code: string }) {
  const { request } = useServices();
  const contracts = useMemo(() => onlineReportPageContracts(code), [code]);
  const config = useQuery({ queryKey: ['online-report', code, 'config'], queryFn: () => request.call(contracts.config, {}), retry: false });
  if (config.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!config.data) return <Result status="warning" title={config.error?.message || T.noReport} />;
  return <ReportBody config={config.data} contracts={contracts} />;
}

function ReportBody({ config, contracts }: { config: OnlineReportPageConfig; contracts: ReturnType<typeof onlineReportPageContracts> }) {
  const { request } = useServices();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [values, setValues] = useState<OnlineReportParamValues>(() => toParamValues(config.params, initialParamValues(config.params)));
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [exporting, setExporting] = useState(false);
  const data = useQuery({
    queryKey: ['online-report', config.code, 'data', values, page],
    queryFn: () => request.call(contracts.getData, { ...page, values }),
    retry: false,
  });

  const shown = config.columns.filter((c) => c.show);
  const labelOf = useCallback((field: string) => config.columns.find((c) => c.field === field)?.label ?? field, [config.columns]);
  const rows = data.data?.records ?? [];
  const tableColumns: ColumnsType<OnlineReportRow> =
    shown.length > 0
      ? shown.map((c) => ({ title: c.label, dataIndex: c.field, key: c.field, width: c.width ?? undefined, render: (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)) }))
      : Object.keys(rows[0] ?? {}).map((f) => ({ title: f, dataIndex: f, key: f }));
  const totals = data.data?.totals;

  const search = async () => {
    const v = await form.validateFields();
    setValues(toParamValues(config.params, v));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const download = async () => {
    setExporting(true);
    try {
      saveBlob(await request.downloadBlob(contracts.exportXls.path, { values }), `${config.name}.xlsx`);
    } catch {
      void message.error('导出失败');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="online-report-page">
      {config.params.length > 0 && (
        <Card size="small" style={{ marginBottom: 12 }}>
          <Form form={form} layout="inline" initialValues={initialParamValues(config.params)} className="online-report-search">
            <ParamItems params={config.params} />
            <Form.Item>
              <Space>
                <Button type="primary" onClick={() => void search().catch(() => undefined)}>
                  {T.search}
                </Button>
                <Button
                  onClick={() => {
                    form.resetFields();
                    void search().catch(() => undefined);
                  }}
                >
                  {T.reset}
                </Button>
              </Space>
            </Form.Item>
          </Form>
        </Card>
      )}
      <Card
        size="small"
        title={<Typography.Text strong>{config.name}</Typography.Text>}
        extra={
          config.actions.includes('export') && (
            <Button loading={exporting} onClick={() => void download()}>
              {T.export}
            </Button>
          )
        }
      >
        {data.data?.capped && <Alert type="warning" showIcon message={T.capped} style={{ marginBottom: 8 }} />}
        <ReportChart chart={config.chart} rows={rows} labelOf={labelOf} />
        <Table<OnlineReportRow>
          className="online-report-table"
          rowKey={(_, i) => String(i)}
          size="small"
          loading={data.isFetching}
          columns={tableColumns}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          pagination={{ current: page.pageNo, pageSize: page.pageSize, total: data.data?.total ?? 0, showSizeChanger: true, onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }) }}
          summary={() =>
            totals ? (
              <Table.Summary.Row className="online-report-totals">
                {tableColumns.map((c, i) => {
                  const field = String((c as { dataIndex?: string }).dataIndex ?? '');
                  return (
                    <Table.Summary.Cell key={field} index={i}>
                      {field in totals ? String(totals[field]) : i === 0 ? T.total : ''}
                    </Table.Summary.Cell>
                  );
                })}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
    </div>
  );
}

