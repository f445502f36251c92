import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Space, Spin, Switch } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Permission, storeContract, storeCreateSchema, type Store, type StoreCreate, type UserOption } from '@care/shared';
import { asSent } from '../../components/dict/admin';
import { whenAllowed } from '../../components/crud/list-access';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { DictSelect } from '../../components/dict/DictSelect';
import { DictTag } from '../../components/dict/DictTag';
import { proTableRequest } from '../../components/crud/pro-table-request';
import { CrmText, EnabledTag, StatusSwitchLink, StoreSelect, useInvalidateCrmOptions } from '../../components/crm';
import { UserSelect } from '../../components/org/UserSelect';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';

export const StoreText = {
  title: '门店',
  code: '门店编码',
  name: '门店名称',
  parent: '上级门店',
  manager: '店长',
  phone: '门店电话',
  address: '门店地址',
  region: '所属区域',
  modes: '经营模式',
  add: '新增门店',
  editTitle: '编辑门店',
  codeFixed: '编码创建后不能修改',
  staff: '门店员工',
  staffOf: (name: string) => `门店员工 - ${name}`,
  staffHint: '在本门店工作的员工（店长之外）；数据规则 #{sys_store_ids} 按此判断员工所属门店。',
} as const;

const TEXT_FIELDS = ['code', 'name', 'phone', 'address', 'region'] as const;

/** 门店 (/base/store): the company's stores, their managers and staff (who work there scopes data rules). */
export function StoreList() {
  const { request } = useServices();
  const authorized = useAuthorized();
  const canList = authorized(Permission.storeList);
  const table = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<{ row: Store | null } | null>(null);
  const [staffOf, setStaffOf] = useState<Store | null>(null);
  const notice = useSuccessNotice();
  const invalidate = useInvalidateCrmOptions();
  const reload = () => {
    void table.current?.reload();
    void invalidate('store');
  };

  const status = useMutation({
    mutationFn: ({ row, enabled }: { row: Store; enabled: boolean }) => request.call(storeContract.updateStatus, { id: row.id, enabled }),
    onSuccess: () => {
      notice(storeContract.updateStatus);
      reload();
    },
  });

  const columns: ProColumns<Store>[] = [
    { title: StoreText.code, dataIndex: 'code', sorter: true, copyable: true },
    { title: StoreText.name, dataIndex: 'name', sorter: true },
    { title: StoreText.parent, dataIndex: 'parentName', search: false, render: (_, row) => row.parentName ?? '-' },
    { title: StoreText.manager, dataIndex: 'managerName', search: false, render: (_, row) => row.managerName ?? '-' },
    { title: StoreText.region, dataIndex: 'region' },
    { title: StoreText.phone, dataIndex: 'phone', search: false },
    { title: StoreText.address, dataIndex: 'address', search: false, ellipsis: true },
    { title: StoreText.modes, dataIndex: 'modes', search: false, render: (_, row) => <DictTag code="mode_type" value={row.modes} /> },
    {
      title: CrmText.status,
      dataIndex: 'enabled',
      valueType: 'select',
      valueEnum: { true: { text: CrmText.on }, false: { text: CrmText.off } },
      search: { transform: (value: string) => ({ enabled: value === 'true' }) },
      render: (_, row) => <EnabledTag enabled={row.enabled} />,
    },
    { title: CrmText.sort, dataIndex: 'sort', sorter: true, search: false, width: 80 },
    {
      title: CrmText.actions,
      valueType: 'option',
      render: (_, row) => (
        <Space size="middle">
          <Authorized action={Permission.storeEdit}>
            <a onClick={() => setEditing({ row })}>{CrmText.edit}</a>
          </Authorized>
          <Authorized action={Permission.storeEdit}>
            <a onClick={() => setStaffOf(row)}>{StoreText.staff}</a>
          </Authorized>
          <StatusSwitchLink action={Permission.storeStatus} name={row.name} enabled={row.enabled} onSwitch={(enabled) => status.mutateAsync({ row, enabled })} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProTable<Store>
        className="store-table"
        rowKey="id"
        actionRef={table}
        columns={columns}
        request={whenAllowed(canList, proTableRequest(request, storeContract.list))}
        locale={canList ? undefined : { emptyText: CrmText.noAccess }}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        headerTitle={StoreText.title}
        toolBarRender={() => [
          <Authorized key="add" action={Permission.storeAdd}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
              {StoreText.add}
            </Button>
          </Authorized>,
        ]}
      />
      <StoreFormModal open={editing !== null} row={editing?.row ?? null} onClose={() => setEditing(null)} onSaved={reload} />
      <StoreStaffModal store={staffOf} onClose={() => setStaffOf(null)} />
    </>
  );
}

interface FormModalProps {
  open: boolean;
  row: Store | null;
  onClose: () => void;
  onSaved: () => void;
}

function StoreFormModal({ open, row, onClose, onSaved }: FormModalProps) {
  const { request } = useServices();
  const [form] = Form.useForm<StoreCreate>();
  const notice = useSuccessNotice();
  const canPickManager = useAuthorized()(Permission.userList);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            code: row.code,
            name: row.name,
            parentId: row.parentId,
            managerId: row.managerId,
            phone: row.phone,
            address: row.address,
            region: row.region,
            modes: row.modes,
            enabled: row.enabled,
            sort: row.sort,
          }
        : { parentId: null, managerId: null, modes: ['hospital'], enabled: true, sort: 0 },
    );
  }, [open, row, form]);

  const sent = (): Record<string, unknown> => {
    const values = asSent({ ...(form.getFieldsValue() as Record<string, unknown>) }, TEXT_FIELDS);
    return { ...values, code: row ? row.code : values.code, parentId: values.parentId ?? null, managerId: values.managerId ?? null, modes: values.modes ?? [] };
  };

  const save = useMutation({
    mutationFn: () => {
      const fields = storeCreateSchema.parse(sent());
      return row ? request.call(storeContract.edit, { id: row.id, version: row.version, ...fields }) : request.call(storeContract.add, fields);
    },
    onSuccess: () => {
      notice(row ? storeContract.edit : storeContract.add);
      onSaved();
      onClose();
    },
  });

  const rule = (field: keyof StoreCreate, required = false) => schemaRule(storeCreateSchema, field, sent, required);
  const knownManager: UserOption[] = row?.managerId ? [{ id: row.managerId, username: '', firstName: row.managerName ?? '', phone: null, departmentName: null }] : [];

  return (
    <Modal
      open={open}
      title={row ? StoreText.editTitle : StoreText.add}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(() => save.mutate(), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={600}
    >
      <Form form={form} name="storeForm" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} autoComplete="off" className="store-form">
        <Form.Item name="code" label={StoreText.code} rules={row ? [] : [rule('code', true)]} extra={row ? StoreText.codeFixed : undefined}>
          <Input maxLength={32} disabled={row !== null} />
        </Form.Item>
        <Form.Item name="name" label={StoreText.name} rules={[rule('name', true)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="parentId" label={StoreText.parent} rules={[rule('parentId')]}>
          <StoreSelect currentLabel={row?.parentName} placeholder="无（顶级门店）" />
        </Form.Item>
        {canPickManager && (
          <Form.Item name="managerId" label={StoreText.manager} rules={[rule('managerId')]}>
            <UserSelect known={knownManager} />
          </Form.Item>
        )}
        <Form.Item name="phone" label={StoreText.phone} rules={[rule('phone')]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="address" label={StoreText.address} rules={[rule('address')]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="region" label={StoreText.region} rules={[rule('region')]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="modes" label={StoreText.modes} rules={[rule('modes', true)]}>
          <DictSelect code="mode_type" mode="multiple" />
        </Form.Item>
        <Form.Item name="sort" label={CrmText.sort} rules={[rule('sort')]}>
          <InputNumber min={0} max={99999} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="enabled" label={CrmText.status} valuePropName="checked">
          <Switch checkedChildren={CrmText.on} unCheckedChildren={CrmText.off} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Who works in a store besides its manager (user_store), picked from the company's users. */
function StoreStaffModal({ store, onClose }: { store: Store | null; onClose: () => void }) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const canPick = useAuthorized()(Permission.userList);
  const [userIds, setUserIds] = useState<string[]>([]);
  const staff = useQuery({
    queryKey: ['crm', 'storeUsers', store?.id],
    queryFn: () => request.call(storeContract.users, { storeId: store?.id ?? '' }),
    enabled: store !== null,
  });
  const known = useMemo<UserOption[]>(
    () => (staff.data ?? []).map((u) => ({ id: u.id, username: u.username, firstName: u.firstName, phone: null, departmentName: null })),
    [staff.data],
  );
  useEffect(() => setUserIds(known.map((u) => u.id)), [known]);

  const save = useMutation({
    mutationFn: () => request.call(storeContract.saveUsers, { storeId: store?.id ?? '', userIds }),
    onSuccess: () => {
      notice(storeContract.saveUsers);
      void staff.refetch();
      onClose();
    },
  });

  return (
    <Modal
      open={store !== null}
      title={store ? StoreText.staffOf(store.name) : StoreText.staff}
      onCancel={onClose}
      onOk={() => save.mutate()}
      okButtonProps={{ disabled: !canPick || staff.isLoading }}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={600}
    >
      <p style={{ color: 'rgba(0,0,0,0.45)' }}>{StoreText.staffHint}</p>
      {staff.isLoading ? <Spin /> : <UserSelect<string[]> multiple known={known} value={userIds} onChange={(ids) => setUserIds(ids)} disabled={!canPick} />}
    </Modal>
  );
}
