import { useEffect, useRef, useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import { channelContract, channelCreateSchema, Permission, type Channel, type ChannelCreate } from '@care/shared';
import { asSent, useSuccessNotice, whenAllowed } from '../../components/dict/admin';
import { DictSelect } from '../../components/dict/DictSelect';
import { DictTag } from '../../components/dict/DictTag';
import { proTableRequest } from '../../components/crud/pro-table-request';
import { CrmText, DATE_FORMAT, EnabledTag, StatusSwitchLink, textDateProps, useInvalidateCrmOptions } from '../../components/crm';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';

export const ChannelText = {
  title: '渠道',
  name: '渠道名称',
  kind: '渠道类型',
  contact: '联系人',
  phone: '联系电话',
  commissionRate: '佣金比例（%）',
  contractStart: '合作开始日期',
  contractEnd: '合作结束日期',
  period: '合作期限',
  add: '新增渠道',
  editTitle: '编辑渠道',
} as const;

const TEXT_FIELDS = ['name', 'kind', 'contact', 'phone', 'remark'] as const;

/** 渠道 (/crm/channel): partner channels (医院, 产检机构, 母婴店 …) earning a commission. */
export function ChannelList() {
  const { request } = useServices();
  const canList = useAuthorized()(Permission.channelList);
  const table = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<{ row: Channel | null } | null>(null);
  const notice = useSuccessNotice();
  const invalidate = useInvalidateCrmOptions();
  const reload = () => {
    void table.current?.reload();
    void invalidate('channel');
  };

  const status = useMutation({
    mutationFn: ({ row, enabled }: { row: Channel; enabled: boolean }) => request.call(channelContract.updateStatus, { id: row.id, enabled }),
    onSuccess: () => {
      notice(channelContract.updateStatus);
      reload();
    },
  });

  const columns: ProColumns<Channel>[] = [
    { title: ChannelText.name, dataIndex: 'name', sorter: true },
    {
      title: ChannelText.kind,
      dataIndex: 'kind',
      sorter: true,
      renderFormItem: () => <DictSelect code="channel_kind" />,
      render: (_, row) => <DictTag code="channel_kind" value={row.kind} />,
    },
    { title: ChannelText.contact, dataIndex: 'contact' },
    { title: ChannelText.phone, dataIndex: 'phone' },
    { title: ChannelText.commissionRate, dataIndex: 'commissionRate', sorter: true, search: false, align: 'right' },
    {
      title: ChannelText.period,
      dataIndex: 'contractStart',
      search: false,
      render: (_, row) => (row.contractStart || row.contractEnd ? `${row.contractStart ?? '…'} ~ ${row.contractEnd ?? '…'}` : '-'),
    },
    {
      title: CrmText.status,
      dataIndex: 'enabled',
      valueType: 'select',
      valueEnum: { true: { text: CrmText.on }, false: { text: CrmText.off } },
      search: { transform: (value: string) => ({ enabled: value === 'true' }) },
      render: (_, row) => <EnabledTag enabled={row.enabled} />,
    },
    { title: CrmText.remark, dataIndex: 'remark', search: false, ellipsis: true },
    {
      title: CrmText.actions,
      valueType: 'option',
      render: (_, row) => (
        <Space size="middle">
          <Authorized action={Permission.channelEdit}>
            <a onClick={() => setEditing({ row })}>{CrmText.edit}</a>
          </Authorized>
          <StatusSwitchLink action={Permission.channelStatus} name={row.name} enabled={row.enabled} onSwitch={(enabled) => status.mutateAsync({ row, enabled })} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProTable<Channel>
        className="channel-table"
        rowKey="id"
        actionRef={table}
        columns={columns}
        request={whenAllowed(canList, proTableRequest(request, channelContract.list))}
        locale={canList ? undefined : { emptyText: CrmText.noAccess }}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        headerTitle={ChannelText.title}
        toolBarRender={() => [
          <Authorized key="add" action={Permission.channelAdd}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
              {ChannelText.add}
            </Button>
          </Authorized>,
        ]}
      />
      <ChannelFormModal open={editing !== null} row={editing?.row ?? null} onClose={() => setEditing(null)} onSaved={reload} />
    </>
  );
}

interface FormModalProps {
  open: boolean;
  row: Channel | null;
  onClose: () => void;
  onSaved: () => void;
}

function ChannelFormModal({ open, row, onClose, onSaved }: FormModalProps) {
  const { request } = useServices();
  const [form] = Form.useForm<ChannelCreate>();
  const notice = useSuccessNotice();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            name: row.name,
            kind: row.kind,
            contact: row.contact,
            phone: row.phone,
            commissionRate: row.commissionRate,
            contractStart: row.contractStart,
            contractEnd: row.contractEnd,
            enabled: row.enabled,
            remark: row.remark,
          }
        : { commissionRate: '0', enabled: true, contact: '', phone: '', remark: '', contractStart: null, contractEnd: null },
    );
  }, [open, row, form]);

  const sent = (): Record<string, unknown> => {
    const values = asSent({ ...(form.getFieldsValue() as Record<string, unknown>) }, TEXT_FIELDS);
    return { ...values, commissionRate: values.commissionRate ?? '0', contractStart: values.contractStart ?? null, contractEnd: values.contractEnd ?? null };
  };

  const save = useMutation({
    mutationFn: () => {
      const fields = channelCreateSchema.parse(sent());
      return row ? request.call(channelContract.edit, { id: row.id, version: row.version, ...fields }) : request.call(channelContract.add, fields);
    },
    onSuccess: () => {
      notice(row ? channelContract.edit : channelContract.add);
      onSaved();
      onClose();
    },
  });

  const rule = (field: keyof ChannelCreate, required = false) => schemaRule(channelCreateSchema, field, sent, required);

  return (
    <Modal
      open={open}
      title={row ? ChannelText.editTitle : ChannelText.add}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(() => save.mutate(), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={600}
    >
      <Form form={form} name="channelForm" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} autoComplete="off" className="channel-form">
        <Form.Item name="name" label={ChannelText.name} rules={[rule('name', true)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="kind" label={ChannelText.kind} rules={[rule('kind', true)]}>
          <DictSelect code="channel_kind" />
        </Form.Item>
        <Form.Item name="contact" label={ChannelText.contact} rules={[rule('contact')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="phone" label={ChannelText.phone} rules={[rule('phone')]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="commissionRate" label={ChannelText.commissionRate} rules={[rule('commissionRate')]}>
          <InputNumber<string> min="0" max="100" precision={2} stringMode style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="contractStart" label={ChannelText.contractStart} rules={[rule('contractStart')]} {...textDateProps(DATE_FORMAT)}>
          <DatePicker style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="contractEnd" label={ChannelText.contractEnd} rules={[rule('contractEnd')]} dependencies={['contractStart']} {...textDateProps(DATE_FORMAT)}>
          <DatePicker style={{ width: 200 }} />
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
