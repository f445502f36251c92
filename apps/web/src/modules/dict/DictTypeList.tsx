import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { dictContract, dictTypeCreateSchema, Permission, type DictType, type DictTypeCreate } from '@care/shared';
import { AdminText, asSent, useSuccessNotice, whenAllowed } from '../../components/dict/admin';
import { useDuplicateRule } from '../../components/dict/remote-rules';
import { useInvalidateDict } from '../../components/dict/useDictOptions';
import { proTableRequest } from '../../components/crud/pro-table-request';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';

export const DictTypeText = {
  title: '字典类型',
  code: '字典编码',
  name: '字典名称',
  itemCount: '字典项',
  items: '字典配置',
  add: '新增字典',
  editTitle: '编辑字典',
  codePlaceholder: '字母开头，可含字母、数字和 _，如 room_type',
  codeFixed: '编码创建后不能修改：页面按编码引用字典',
  deleteConfirm: (name: string) => `确定删除字典「${name}」及其全部字典项吗？已保存的数据将只显示原始值。`,
} as const;

/** 字典类型 (/system/dictType): the dictionaries of the site; their items are edited on 数据字典. */
export function DictTypeList() {
  const { request } = useServices();
  const authorized = useAuthorized();
  const navigate = useNavigate();
  const canList = authorized(Permission.dictList);
  const table = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<{ type: DictType | null } | null>(null);
  const notice = useSuccessNotice();
  const invalidate = useInvalidateDict();

  const remove = useMutation({
    mutationFn: (type: DictType) => request.call(dictContract.typeDelete, { id: type.id }),
    onSuccess: (_, type) => {
      notice(dictContract.typeDelete);
      void invalidate(type.code);
      void table.current?.reload();
    },
  });

  const columns: ProColumns<DictType>[] = [
    { title: DictTypeText.code, dataIndex: 'code', sorter: true, copyable: true },
    { title: DictTypeText.name, dataIndex: 'name', sorter: true },
    { title: AdminText.description, dataIndex: 'description', search: false, ellipsis: true },
    { title: DictTypeText.itemCount, dataIndex: 'itemCount', search: false, width: 90 },
    { title: AdminText.createdAt, dataIndex: 'createdAt', search: false, sorter: true },
    {
      title: AdminText.actions,
      valueType: 'option',
      render: (_, row) => (
        <Space size="middle" className="dict-type-actions">
          <a onClick={() => void navigate(`/system/dict?typeId=${row.id}`)}>{DictTypeText.items}</a>
          <Authorized action={Permission.dictEdit}>
            <a onClick={() => setEditing({ type: row })}>{AdminText.edit}</a>
          </Authorized>
          <Authorized action={Permission.dictDelete}>
            <Popconfirm title={DictTypeText.deleteConfirm(row.name)} onConfirm={() => remove.mutateAsync(row).catch(() => undefined)}>
              <a style={{ color: '#ff4d4f' }}>{AdminText.delete}</a>
            </Popconfirm>
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProTable<DictType>
        className="dict-type-table"
        rowKey="id"
        actionRef={table}
        columns={columns}
        request={whenAllowed(canList, proTableRequest(request, dictContract.typeList))}
        locale={canList ? undefined : { emptyText: AdminText.noAccess }}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        headerTitle={DictTypeText.title}
        toolBarRender={() => [
          <Authorized key="add" action={Permission.dictAdd}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ type: null })}>
              {DictTypeText.add}
            </Button>
          </Authorized>,
        ]}
      />
      <DictTypeFormModal
        open={editing !== null}
        type={editing?.type ?? null}
        onClose={() => setEditing(null)}
        onSaved={(type) => {
          void invalidate(type.code);
          void table.current?.reload();
        }}
      />
    </>
  );
}

interface DictTypeFormModalProps {
  open: boolean;
  type: DictType | null;
  onClose: () => void;
  onSaved: (type: DictType) => void;
}

function DictTypeFormModal({ open, type, onClose, onSaved }: DictTypeFormModalProps) {
  const { request } = useServices();
  const [form] = Form.useForm<DictTypeCreate>();
  const notice = useSuccessNotice();
  const unique = useDuplicateRule('dict_type', 'code', type?.id);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (type) form.setFieldsValue({ code: type.code, name: type.name, description: type.description });
  }, [open, type, form]);

  const save = useMutation({
    mutationFn: (values: DictTypeCreate) =>
      type
        ? request.call(dictContract.typeEdit, { id: type.id, version: type.version, name: values.name, description: values.description ?? '' })
        : request.call(dictContract.typeAdd, { ...values, description: values.description ?? '' }),
    onSuccess: (saved) => {
      notice(type ? dictContract.typeEdit : dictContract.typeAdd);
      onSaved(saved);
      onClose();
    },
  });

  const rule = (field: keyof DictTypeCreate, required = false) =>
    schemaRule(dictTypeCreateSchema, field, () => asSent({ code: type?.code, ...(form.getFieldsValue() as Record<string, unknown>) }, ['code', 'name', 'description']), required);

  return (
    <Modal
      open={open}
      title={type ? DictTypeText.editTitle : DictTypeText.add}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => save.mutate(values), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} name="dictTypeForm" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} autoComplete="off" className="dict-type-form">
        <Form.Item
          name="code"
          label={DictTypeText.code}
          rules={type ? [] : [rule('code', true), unique]}
          validateTrigger={['onBlur']}
          extra={type ? <Typography.Text type="secondary">{DictTypeText.codeFixed}</Typography.Text> : undefined}
        >
          <Input placeholder={DictTypeText.codePlaceholder} maxLength={64} disabled={type !== null} />
        </Form.Item>
        <Form.Item name="name" label={DictTypeText.name} rules={[rule('name', true)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={AdminText.description} rules={[rule('description')]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
