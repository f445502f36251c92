import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import { leadChannelContract, leadChannelCreateSchema, Permission, type LeadChannel, type LeadChannelCreate } from '@care/shared';
import { asSent, useSuccessNotice, whenAllowed } from '../../components/dict/admin';
import { DictSelect } from '../../components/dict/DictSelect';
import { DictTag } from '../../components/dict/DictTag';
import { proTableRequest } from '../../components/crud/pro-table-request';
import { CrmText, EnabledTag, StatusSwitchLink, useInvalidateCrmOptions } from '../../components/crm';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';

export const LeadChannelText = {
  title: '线索渠道',
  code: '渠道编码',
  name: '渠道名称',
  type: '渠道类型',
  costPerMonth: '每月费用（元）',
  add: '新增线索渠道',
  editTitle: '编辑线索渠道',
  codeFixed: '编码创建后不能修改',
} as const;

const TEXT_FIELDS = ['code', 'name', 'type', 'remark'] as const;

/** 线索渠道 (/crm/leadChannel): where leads come from (线上/线下/转介绍/内部) and what they cost per month. */
export function LeadChannelList() {
  const { request } = useServices();
  const canList = useAuthorized()(Permission.leadChannelList);
  const table = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<{ row: LeadChannel | null } | null>(null);
  const notice = useSuccessNotice();
  const invalidate = useInvalidateCrmOptions();
  const reload = () => {
    void table.current?.reload();
    void invalidate('leadChannel');
  };

  const status = useMutation({
    mutationFn: ({ row, enabled }: { row: LeadChannel; enabled: boolean }) => request.call(leadChannelContract.updateStatus, { id: row.id, enabled }),
    onSuccess: () => {
      notice(leadChannelContract.updateStatus);
      reload();
    },
  });

  const columns: ProColumns<LeadChannel>[] = [
    { title: LeadChannelText.code, dataIndex: 'code', sorter: true, copyable: true },
    { title: LeadChannelText.name, dataIndex: 'name', sorter: true },
    {
      title: LeadChannelText.type,
      dataIndex: 'type',
      renderFormItem: () => <DictSelect code="lead_channel_type" />,
      render: (_, row) => <DictTag code="lead_channel_type" value={row.type} />,
    },
    { title: LeadChannelText.costPerMonth, dataIndex: 'costPerMonth', search: false, align: 'right' },
    {
      title: CrmText.status,
      dataIndex: 'enabled',
      valueType: 'select',
      valueEnum: { true: { text: CrmText.on }, false: { text: CrmText.off } },
      search: { transform: (value: string) => ({ enabled: value === 'true' }) },
      render: (_, row) => <EnabledTag enabled={row.enabled} />,
    },
    { title: CrmText.sort, dataIndex: 'sort', sorter: true, search: false, width: 80 },
    { title: CrmText.remark, dataIndex: 'remark', search: false, ellipsis: true },
    {
      title: CrmText.actions,
      valueType: 'option',
      render: (_, row) => (
        <Space size="middle">
          <Authorized action={Permission.leadChannelEdit}>
            <a onClick={() => setEditing({ row })}>{CrmText.edit}</a>
          </Authorized>
          <StatusSwitchLink action={Permission.leadChannelStatus} name={row.name} enabled={row.enabled} onSwitch={(enabled) => status.mutateAsync({ row, enabled })} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProTable<LeadChannel>
        className="lead-channel-table"
        rowKey="id"
        actionRef={table}
        columns={columns}
        request={whenAllowed(canList, proTableRequest(request, leadChannelContract.list))}
        locale={canList ? undefined : { emptyText: CrmText.noAccess }}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        headerTitle={LeadChannelText.title}
        toolBarRender={() => [
          <Authorized key="add" action={Permission.leadChannelAdd}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
              {LeadChannelText.add}
            </Button>
          </Authorized>,
        ]}
      />
      <LeadChannelFormModal open={editing !== null} row={editing?.row ?? null} onClose={() => setEditing(null)} onSaved={reload} />
    </>
  );
}

interface FormModalProps {
  open: boolean;
  row: LeadChannel | null;
  onClose: () => void;
  onSaved: () => void;
}

function LeadChannelFormModal({ open, row, onClose, onSaved }: FormModalProps) {
  const { request } = useServices();
  const [form] = Form.useForm<LeadChannelCreate>();
  const notice = useSuccessNotice();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? { code: row.code, name: row.name, type: row.type, costPerMonth: row.costPerMonth, enabled: row.enabled, sort: row.sort, remark: row.remark }
        : { costPerMonth: '0', enabled: true, sort: 0, remark: '' },
    );
  }, [open, row, form]);

  const save = useMutation({
    mutationFn: (values: LeadChannelCreate) => {
      const fields = { ...values, costPerMonth: String(values.costPerMonth ?? '0'), remark: values.remark ?? '', enabled: values.enabled ?? true, sort: values.sort ?? 0 };
      return row ? request.call(leadChannelContract.edit, { id: row.id, version: row.version, ...fields, code: row.code }) : request.call(leadChannelContract.add, fields);
    },
    onSuccess: () => {
      notice(row ? leadChannelContract.edit : leadChannelContract.add);
      onSaved();
      onClose();
    },
  });

  const rule = (field: keyof LeadChannelCreate, required = false) =>
    schemaRule(leadChannelCreateSchema, field, () => asSent({ ...(form.getFieldsValue() as Record<string, unknown>) }, TEXT_FIELDS), required);

  return (
    <Modal
      open={open}
      title={row ? LeadChannelText.editTitle : LeadChannelText.add}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => save.mutate(values), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      <Form form={form} name="leadChannelForm" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} autoComplete="off" className="lead-channel-form">
        <Form.Item name="code" label={LeadChannelText.code} rules={row ? [] : [rule('code', true)]} extra={row ? LeadChannelText.codeFixed : undefined}>
          <Input maxLength={32} disabled={row !== null} />
        </Form.Item>
        <Form.Item name="name" label={LeadChannelText.name} rules={[rule('name', true)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="type" label={LeadChannelText.type} rules={[rule('type', true)]}>
          <DictSelect code="lead_channel_type" />
        </Form.Item>
        <Form.Item name="costPerMonth" label={LeadChannelText.costPerMonth} rules={[rule('costPerMonth')]}>
          <InputNumber<string> min="0" precision={2} stringMode style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="sort" label={CrmText.sort} rules={[rule('sort')]}>
          <InputNumber min={0} max={99999} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="enabled" label={CrmText.status} valuePropName="checked">
          <Switch checkedChildren={CrmText.on} unCheckedChildren={CrmText.off} />
        </Form.Item>
        <Form.Item name="remark" label={CrmText.remark} rules={[rule('remark')]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
