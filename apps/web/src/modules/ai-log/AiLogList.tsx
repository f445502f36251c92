import { useState } from 'react';
import { Button, DatePicker, Descriptions, Drawer, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AI_LINKED_TYPE_LABELS,
  AI_LINKED_TYPES,
  AI_LOG_KIND_LABELS,
  AI_LOG_KINDS,
  AI_LOG_STATUS_LABELS,
  type AiLogListQuery,
  type AiLogPage,
  type AiLogRecord,
  type AiLogSharedPage,
  type AiLogSharedRecord,
} from '@care/shared';
import { DATE_FORMAT, textDateProps } from '../../components/crm/date-field';
import { AiLogPageText as T } from './ai-log-text';

const STATUS_COLORS: Record<AiLogRecord['status'], string> = { ok: 'green', fallback: 'orange', error: 'red' };
const PAGE_SIZE = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Filters = Pick<AiLogListQuery, 'kind' | 'operatorId' | 'from' | 'to' | 'linkedType' | 'linkedId'>;

// A link's rows are masked by the server (no input, output or linked id): no output column, no detail.
const isFull = (r: AiLogSharedRecord): r is AiLogRecord => 'output' in r;

/**
 * The company's AI log, newest first: filters (type, operator, period, linked record), paging, and a
 * detail drawer with the full input JSON and the output. `load` reads a page with the session, or a
 * masked page through a link (action, model, operator, time and outcome only); read-only either way.
 */
export function AiLogList({
  load,
  cacheKey,
  onExport,
  masked = false,
}: {
  load: (q: AiLogListQuery) => Promise<AiLogPage | AiLogSharedPage>;
  cacheKey: string;
  onExport?: (filters: Filters) => Promise<void>;
  masked?: boolean;
}) {
  const [exporting, setExporting] = useState(false);
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [pageNo, setPageNo] = useState(1);
  const [detail, setDetail] = useState<AiLogRecord | null>(null);
  const page = useQuery({
    queryKey: ['aiLog', cacheKey, filters, pageNo],
    queryFn: () => load({ ...filters, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const search = () => {
    const v = form.getFieldsValue();
    const linkedId = v.linkedId?.trim();
    setFilters({
      kind: v.kind || undefined,
      operatorId: v.operatorId || undefined,
      from: v.from || undefined,
      to: v.to || undefined,
      linkedType: v.linkedType || undefined,
      // A linked record is an id; anything else would be refused by the server's rule.
      linkedId: linkedId && UUID.test(linkedId) ? linkedId : undefined,
    });
    setPageNo(1);
  };
  const reset = () => {
    form.resetFields();
    setFilters({});
    setPageNo(1);
  };

  const records: AiLogSharedRecord[] = page.data?.records ?? [];
  const columns: ColumnsType<AiLogSharedRecord> = [
    { title: T.columns.createdAt, dataIndex: 'createdAt', width: 170 },
    { title: T.columns.kind, dataIndex: 'kind', width: 120, render: (k: AiLogRecord['kind']) => AI_LOG_KIND_LABELS[k] },
    { title: T.columns.operator, dataIndex: 'operatorName', width: 100, render: (v: string) => v || '-' },
    { title: T.columns.model, dataIndex: 'model', width: 120 },
    { title: T.columns.status, dataIndex: 'status', width: 90, render: (s: AiLogRecord['status']) => <Tag color={STATUS_COLORS[s]}>{AI_LOG_STATUS_LABELS[s]}</Tag> },
    { title: T.columns.linked, key: 'linked', width: 140, render: (_, r) => (r.linkedType ? `${AI_LINKED_TYPE_LABELS[r.linkedType]}${isFull(r) ? ` ${r.linkedId!.slice(0, 8)}` : ''}` : '-') },
    { title: T.columns.duration, dataIndex: 'durationMs', width: 90, align: 'right', render: (v: number) => T.ms(v) },
    ...(!masked
      ? ([
          { title: T.columns.output, key: 'output', ellipsis: true, render: (_, r) => <span className="ai-log-output">{isFull(r) ? r.output.split('\n')[0] : ''}</span> },
          {
            title: T.columns.action,
            key: 'action',
            width: 70,
            fixed: 'right',
            render: (_, r) =>
              isFull(r) ? (
                <Typography.Link className="ai-log-detail-link" onClick={() => setDetail(r)}>
                  {T.detail}
                </Typography.Link>
              ) : null,
          },
        ] satisfies ColumnsType<AiLogSharedRecord>)
      : []),
  ];

  return (
    <div className="ai-log-list">
      <Form form={form} layout="inline" className="ai-log-filters" style={{ marginBottom: 12, rowGap: 8 }} onFinish={search}>
        <Form.Item name="kind" label={T.filters.kind}>
          <Select allowClear style={{ width: 150 }} options={AI_LOG_KINDS.map((k) => ({ value: k, label: AI_LOG_KIND_LABELS[k] }))} />
        </Form.Item>
        <Form.Item name="operatorId" label={T.filters.operator}>
          <Select allowClear showSearch optionFilterProp="label" style={{ width: 150 }} options={(page.data?.operators ?? []).map((o) => ({ value: o.id, label: o.name }))} />
        </Form.Item>
        <Form.Item label={T.filters.period}>
          <Space.Compact>
            <Form.Item name="from" noStyle {...textDateProps(DATE_FORMAT)}>
              <DatePicker style={{ width: 130 }} placeholder="开始日期" />
            </Form.Item>
            <Form.Item name="to" noStyle {...textDateProps(DATE_FORMAT)}>
              <DatePicker style={{ width: 130 }} placeholder="结束日期" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="linkedType" label={T.filters.linkedType}>
          <Select allowClear style={{ width: 100 }} options={AI_LINKED_TYPES.map((k) => ({ value: k, label: AI_LINKED_TYPE_LABELS[k] }))} />
        </Form.Item>
        {/* A link's rows carry no record id to look one up by. */}
        {masked ? null : (
          <Form.Item name="linkedId" rules={[{ pattern: UUID, message: '请输入完整的记录ID' }]}>
            <Input allowClear placeholder={T.filters.linkedId} style={{ width: 200 }} />
          </Form.Item>
        )}
        <Space>
          <Button type="primary" htmlType="submit">
            {T.filters.search}
          </Button>
          <Button onClick={reset}>{T.filters.reset}</Button>
          {onExport ? (
            <Button
              loading={exporting}
              onClick={() => {
                setExporting(true);
                // The request client has shown a failure.
                void onExport(filters)
                  .catch(() => undefined)
                  .finally(() => setExporting(false));
              }}
            >
              {T.filters.export}
            </Button>
          ) : null}
        </Space>
      </Form>
      <Table<AiLogSharedRecord>
        rowKey="id"
        size="middle"
        className="ai-log-table"
        loading={page.isFetching}
        dataSource={records}
        columns={columns}
        scroll={masked ? undefined : { x: 1100 }}
        locale={{ emptyText: T.empty }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => T.total(n, page.data?.totalCapped === true),
          onChange: setPageNo,
        }}
      />
      <Drawer open={detail !== null} title={T.detailTitle} width={720} onClose={() => setDetail(null)} className="ai-log-detail">
        {detail ? <Detail row={detail} /> : null}
      </Drawer>
    </div>
  );
}

function Detail({ row }: { row: AiLogRecord }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={T.columns.createdAt}>{row.createdAt}</Descriptions.Item>
        <Descriptions.Item label={T.columns.kind}>{AI_LOG_KIND_LABELS[row.kind]}</Descriptions.Item>
        <Descriptions.Item label={T.columns.operator}>{row.operatorName || '-'}</Descriptions.Item>
        <Descriptions.Item label={T.columns.model}>{row.model}</Descriptions.Item>
        <Descriptions.Item label={T.columns.status}>
          <Tag color={STATUS_COLORS[row.status]}>{AI_LOG_STATUS_LABELS[row.status]}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={T.columns.duration}>{T.ms(row.durationMs)}</Descriptions.Item>
        <Descriptions.Item label={T.columns.linked} span={2}>
          {row.linkedType ? `${AI_LINKED_TYPE_LABELS[row.linkedType]} ${row.linkedId}` : '-'}
        </Descriptions.Item>
        {row.error ? (
          <Descriptions.Item label={T.error} span={2}>
            {row.error}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <div>
        <Typography.Title level={5}>{T.output}</Typography.Title>
        <Typography.Paragraph className="ai-log-detail-output" style={{ whiteSpace: 'pre-wrap' }}>
          {row.output || '-'}
        </Typography.Paragraph>
      </div>
      <div>
        <Typography.Title level={5}>{T.input}</Typography.Title>
        <pre className="ai-log-detail-input" style={{ background: '#f5f5f5', padding: 12, borderRadius: 4, maxHeight: 480, overflow: 'auto', fontSize: 12 }}>
          {JSON.stringify(row.input, null, 2)}
        </pre>
      </div>
    </Space>
  );
}
