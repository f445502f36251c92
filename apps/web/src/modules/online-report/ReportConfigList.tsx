import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Col, Divider, Form, Input, InputNumber, Modal, Row, Select, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { ProColumns } from '@ant-design/pro-components';
import {
  ONLINE_REPORT_CHART_LABELS,
  ONLINE_REPORT_CHART_TYPES,
  ONLINE_REPORT_PARAM_TYPE_LABELS,
  ONLINE_REPORT_PARAM_TYPES,
  onlineReportContract as c,
  OnlineReportPermission as P,
  type OnlineReport,
  type OnlineReportColumn,
  type OnlineReportParam,
  type OnlineReportPreviewResult,
} from '@care/shared';
import { ListTable, useListReload } from '../../components/crud/ListTable';
import { RowActions } from '../../components/crud/RowActions';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { loadPermissions } from '../../lib/auth-api';
import { Authorized } from '../../lib/authorized';
import { useServices } from '../../lib/useServices';
import { ReportChart } from './ReportChart';
import { initialParamValues, ParamItems, toParamValues } from './report-params';
import { ReportConfigText as T } from './online-report-text';

/**
 * 报表配置 (/online/report): the configured reports (编码, 名称, 菜单, 更新时间), filtered and paged;
 * 新增 / 编辑 open the editor (SQL, parameters, fields, chart, 预览); 生成菜单 adds the report's page
 * to the menu tree; 删除 is confirmed. Each button needs its own action.
 */
export function ReportConfigList() {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const { table, reload } = useListReload();
  // undefined: closed; null: a new report; a report: editing it.
  const [editing, setEditing] = useState<OnlineReport | null | undefined>(undefined);

  const open = useMutation({ mutationFn: (row: OnlineReport) => request.call(c.queryById, { id: row.id }), onSuccess: (r) => setEditing(r) });
  const remove = useMutation({
    mutationFn: (row: OnlineReport) => request.call(c.delete, { id: row.id, version: row.version }),
    onSuccess: async () => {
      notice(c.delete);
      reload();
      await loadPermissions().catch(() => undefined);
    },
  });
  const genMenu = useMutation({
    mutationFn: (row: OnlineReport) => request.call(c.genMenu, { id: row.id }),
    onSuccess: async () => {
      notice(c.genMenu);
      reload();
      // The new entry shows in the menu at once.
      await loadPermissions().catch(() => undefined);
    },
  });

  const columns: ProColumns<OnlineReport>[] = [
    { title: T.code, dataIndex: 'code', sorter: true, copyable: true },
    { title: T.name, dataIndex: 'name', sorter: true },
    { title: T.menu, dataIndex: 'menuPath', search: false, render: (_, row) => row.menuPath ?? '-' },
    { title: T.updatedAt, dataIndex: 'updatedAt', search: false, sorter: true },
    {
      title: T.actions,
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { key: 'edit', label: T.edit, permission: P.onlineReportEdit, onClick: () => open.mutate(row) },
            { key: 'menu', label: T.genMenu, permission: P.onlineReportMenu, confirm: T.menuConfirm(row.name), onClick: () => void genMenu.mutateAsync(row).catch(() => undefined) },
            { key: 'delete', label: T.delete, permission: P.onlineReportDelete, danger: true, confirm: T.deleteConfirm(row.name), onClick: () => void remove.mutateAsync(row).catch(() => undefined) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="online-report-config-page">
      <Alert type="info" showIcon message={T.hint} style={{ marginBottom: 12 }} />
      <ListTable<OnlineReport>
        className="online-report-config-table"
        actionRef={table}
        contract={c.list}
        access={P.onlineReportList}
        noAccess={T.noAccess}
        columns={columns}
        headerTitle={<Typography.Text strong>{T.title}</Typography.Text>}
        buttons={[
          <Authorized key="add" action={P.onlineReportAdd}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {T.add}
            </Button>
          </Authorized>,
        ]}
      />
      {editing !== undefined && (
        <ReportEditor
          report={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            reload();
          }}
        />
      )}
    </div>
  );
}

interface EditorValues {
  code: string;
  name: string;
  sql: string;
  params: OnlineReportParam[];
  columns: OnlineReportColumn[];
  chart: OnlineReport['chart'];
}

const newParam = (): OnlineReportParam => ({ name: '', label: '', type: 'text', defaultValue: '', required: false, dictCode: '' });
const newColumn = (field = '', label = ''): OnlineReportColumn => ({ field, label: label || field, width: null, dictCode: '', show: true, export: true, sum: false });

/** The report editor: code and name, the SQL, its parameters and fields, the chart, and 预览. */
function ReportEditor({ report, onClose, onSaved }: { report: OnlineReport | null; onClose: () => void; onSaved: () => void }) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const [form] = Form.useForm<EditorValues>();
  const [sample] = Form.useForm();
  const [preview, setPreview] = useState<OnlineReportPreviewResult | null>(null);
  const params = (Form.useWatch('params', form) ?? []) as OnlineReportParam[];
  const watchedColumns = Form.useWatch('columns', form) as OnlineReportColumn[] | undefined;
  const columns = useMemo(() => watchedColumns ?? [], [watchedColumns]);
  const chart = Form.useWatch('chart', form) as OnlineReport['chart'] | undefined;

  const save = useMutation({
    mutationFn: (v: EditorValues) => (report ? request.call(c.edit, { ...v, id: report.id, version: report.version }) : request.call(c.add, v)),
    onSuccess: () => {
      notice(report ? c.edit : c.add);
      onSaved();
    },
  });
  const run = useMutation({
    mutationFn: (v: EditorValues & { values: Record<string, unknown> }) =>
      request.call(c.preview, { name: v.name, sql: v.sql, params: v.params, columns: v.columns, chart: v.chart, values: toParamValues(v.params, v.values) }),
    onSuccess: (r) => setPreview(r),
  });

  const current = (): EditorValues => {
    const v = form.getFieldsValue(true) as EditorValues;
    return { ...v, params: v.params ?? [], columns: v.columns ?? [], chart: v.chart ?? { type: 'none', xField: '', yFields: [] } };
  };
  const fieldsFromPreview = () => {
    if (!preview) return;
    const known = new Map(current().columns.map((col) => [col.field, col]));
    form.setFieldValue('columns', preview.fields.map((f) => known.get(f) ?? newColumn(f)));
  };
  const labelOf = useCallback((field: string) => columns.find((col) => col?.field === field)?.label || field, [columns]);
  const fieldOptions = (preview?.fields ?? columns.map((col) => col?.field).filter(Boolean)).map((f) => ({ value: f, label: f }));

  return (
    <Modal
      open
      width={1100}
      title={report ? T.editTitle : T.addTitle}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      className="online-report-editor"
      footer={
        <Space>
          <Button onClick={onClose}>{T.cancel}</Button>
          <Button className="online-report-preview" loading={run.isPending} onClick={() => void sample.validateFields().then((values) => run.mutateAsync({ ...current(), values })).catch(() => undefined)}>
            {T.preview}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => void form.validateFields().then(() => save.mutateAsync(current())).catch(() => undefined)}>
            {T.save}
          </Button>
        </Space>
      }
    >
      <Form<EditorValues>
        form={form}
        layout="vertical"
        name="onlineReport"
        initialValues={report ?? { code: '', name: '', sql: '', params: [], columns: [], chart: { type: 'none', xField: '', yFields: [] } }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="code" label={T.code} rules={[{ required: true, message: '请输入报表编码!' }]}>
              <Input disabled={!!report} placeholder="store_order_summary" aria-label={T.code} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="name" label={T.name} rules={[{ required: true, message: '请输入报表名称!' }]}>
              <Input maxLength={50} aria-label={T.name} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="sql" label={T.sql} rules={[{ required: true, message: '请输入报表SQL!' }]}>
          <Input.TextArea rows={8} spellCheck={false} style={{ fontFamily: 'monospace' }} aria-label={T.sql} />
        </Form.Item>

        <Divider orientation="left">{T.params}</Divider>
        <Form.List name="params">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} align="baseline" wrap>
                  <Form.Item name={[item.name, 'name']} rules={[{ required: true, message: '请输入参数名!' }]}>
                    <Input placeholder={T.paramName} style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'label']} rules={[{ required: true, message: '请输入参数标题!' }]}>
                    <Input placeholder={T.paramLabel} style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'type']}>
                    <Select style={{ width: 90 }} options={ONLINE_REPORT_PARAM_TYPES.map((t) => ({ value: t, label: ONLINE_REPORT_PARAM_TYPE_LABELS[t] }))} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'defaultValue']}>
                    <Input placeholder={T.paramDefault} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'dictCode']}>
                    <Input placeholder={T.dictCode} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'required']} valuePropName="checked">
                    <Checkbox>{T.required}</Checkbox>
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(item.name)}>
                    {T.remove}
                  </Button>
                </Space>
              ))}
              <Button type="dashed" onClick={() => add(newParam())} icon={<PlusOutlined />}>
                {T.addRow}
              </Button>
            </>
          )}
        </Form.List>

        <Divider orientation="left">{T.columns}</Divider>
        <Form.List name="columns">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} align="baseline" wrap>
                  <Form.Item name={[item.name, 'field']} rules={[{ required: true, message: '请输入字段名!' }]}>
                    <Input placeholder={T.field} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'label']} rules={[{ required: true, message: '请输入字段标题!' }]}>
                    <Input placeholder={T.fieldLabel} style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'width']}>
                    <InputNumber placeholder={T.width} min={40} max={600} style={{ width: 90 }} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'dictCode']}>
                    <Input placeholder={T.dictCode} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'show']} valuePropName="checked">
                    <Checkbox>{T.show}</Checkbox>
                  </Form.Item>
                  <Form.Item name={[item.name, 'export']} valuePropName="checked">
                    <Checkbox>{T.exportFlag}</Checkbox>
                  </Form.Item>
                  <Form.Item name={[item.name, 'sum']} valuePropName="checked">
                    <Checkbox>{T.sum}</Checkbox>
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(item.name)}>
                    {T.remove}
                  </Button>
                </Space>
              ))}
              <Space>
                <Button type="dashed" onClick={() => add(newColumn())} icon={<PlusOutlined />}>
                  {T.addRow}
                </Button>
                <Button disabled={!preview} onClick={fieldsFromPreview}>
                  {T.fieldsFromPreview}
                </Button>
              </Space>
            </>
          )}
        </Form.List>

        <Divider orientation="left">{T.chart}</Divider>
        <Space wrap>
          <Form.Item name={['chart', 'type']} label={T.chartType}>
            <Select style={{ width: 120 }} options={ONLINE_REPORT_CHART_TYPES.map((t) => ({ value: t, label: ONLINE_REPORT_CHART_LABELS[t] }))} />
          </Form.Item>
          <Form.Item name={['chart', 'xField']} label={T.xField}>
            <Select style={{ width: 180 }} allowClear options={fieldOptions} />
          </Form.Item>
          <Form.Item name={['chart', 'yFields']} label={T.yFields}>
            <Select mode="multiple" style={{ width: 280 }} options={fieldOptions} />
          </Form.Item>
        </Space>
      </Form>

      {params.length > 0 && (
        <>
          <Divider orientation="left">{T.previewValues}</Divider>
          <Form form={sample} layout="inline" initialValues={initialParamValues(params.filter(Boolean))}>
            <ParamItems params={params.filter((p) => p?.name && p.label)} />
          </Form>
        </>
      )}

      {preview && (
        <div className="online-report-preview-result">
          <Divider orientation="left">{T.previewTitle}</Divider>
          {preview.capped && <Alert type="info" showIcon message={T.previewCapped} style={{ marginBottom: 8 }} />}
          {chart && <ReportChart chart={chart} rows={preview.rows} labelOf={labelOf} />}
          <Table
            size="small"
            className="online-report-preview-table"
            rowKey={(_, i) => String(i)}
            dataSource={preview.rows}
            locale={{ emptyText: T.noRows }}
            pagination={{ pageSize: 10 }}
            scroll={{ x: 'max-content' }}
            columns={preview.fields.map((f) => ({ title: labelOf(f), dataIndex: f, key: f, render: (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)) }))}
          />
        </div>
      )}
    </Modal>
  );
}
