import { useEffect, useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { Alert, App, Button, Form, Modal, Select, Spin, Tag, Typography } from 'antd';
import { companyContract, MAX_PAGE_SIZE, Permission, userRelationSaveSchema, type UserRelation, type UserRelationSave } from '@care/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ListTable, useListReload } from '../../components/crud/ListTable';
import { RowActions } from '../../components/crud/RowActions';
import { OrgQueryKey, useCompanyOptions } from '../../components/org/org-queries';
import { OrgText } from '../../components/org/org-text';
import { UserSelect } from '../../components/org/UserSelect';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';

export const UserRelationText = {
  title: '用户关系',
  add: '设置用户关系',
  editTitle: (name: string) => `编辑用户关系：${name}`,
  user: '用户',
  username: '用户名',
  firstName: '姓名',
  company: '公司',
  companies: '所属公司',
  defaultCompany: '默认公司',
  isDefault: '默认',
  defaultPlaceholder: '请选择默认公司',
  userRequired: '请选择用户!',
  removeTitle: '移除公司',
  removeConfirm: (names: string) => `该用户将不再属于：${names}。在这些公司的角色和部门会被移除，在这些公司的登录会立即失效。确定保存吗？`,
  hint: '一个用户可以属于多个公司，登录时进入默认公司，并可在页头切换公司。',
} as const;

/** 用户关系: which of the caller's companies each user works for, and which one is their default. */
export function UserRelationList() {
  const authorized = useAuthorized();
  const { table, reload } = useListReload();
  const companies = useCompanyOptions(authorized(Permission.companyList));
  const [editing, setEditing] = useState<{ userId: string; name: string } | 'new' | null>(null);

  const columns: ProColumns<UserRelation>[] = [
    { title: UserRelationText.username, dataIndex: 'username', sorter: true },
    { title: UserRelationText.firstName, dataIndex: 'firstName', search: false },
    {
      title: UserRelationText.company,
      dataIndex: 'companyId',
      valueType: 'select',
      fieldProps: { options: companies.data ?? [], showSearch: true, optionFilterProp: 'label' },
      render: (_, row) => row.companyName,
    },
    {
      title: UserRelationText.defaultCompany,
      dataIndex: 'isDefault',
      search: false,
      width: 110,
      render: (_, row) => (row.isDefault ? <Tag color="blue">{UserRelationText.isDefault}</Tag> : '-'),
    },
    {
      title: OrgText.actions,
      valueType: 'option',
      width: 100,
      hideInTable: !authorized(Permission.userRelationEdit),
      render: (_, row) => (
        <RowActions
          actions={[{ key: 'edit', label: OrgText.edit, permission: Permission.userRelationEdit, onClick: () => setEditing({ userId: row.userId, name: row.firstName || row.username }) }]}
        />
      ),
    },
  ];

  return (
    <>
      <ListTable<UserRelation>
        headerTitle={UserRelationText.title}
        tooltip={UserRelationText.hint}
        rowKey={(row) => `${row.userId}:${row.companyId}`}
        actionRef={table}
        columns={columns}
        contract={companyContract.relationList}
        search={{ labelWidth: 'auto' }}
        scroll={undefined}
        options={{ density: false, setting: false }}
        buttons={[
          <Authorized key="add" action={Permission.userRelationEdit}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {UserRelationText.add}
            </Button>
          </Authorized>,
        ]}
      />
      <RelationModal editing={editing} onClose={() => setEditing(null)} onSaved={reload} />
    </>
  );
}

interface RelationModalProps {
  editing: { userId: string; name: string } | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

type RelationForm = UserRelationSave;

function RelationModal({ editing, onClose, onSaved }: RelationModalProps) {
  const { request } = useServices();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RelationForm>();
  const open = editing !== null;
  const fixedUser = editing !== null && editing !== 'new' ? editing : null;
  const companies = useCompanyOptions(open);
  const userId = Form.useWatch('userId', form) ?? fixedUser?.userId;
  const chosen = Form.useWatch('companyIds', form) ?? [];

  // The user's relations with the caller's companies, to start from.
  const current = useQuery({
    queryKey: ['org', 'relations', userId],
    queryFn: () => request.call(companyContract.relationList, { userId: userId!, pageNo: 1, pageSize: MAX_PAGE_SIZE }),
    enabled: open && Boolean(userId),
    staleTime: 0,
    gcTime: 0,
  });
  const held = useMemo(() => current.data?.records ?? [], [current.data]);

  useEffect(() => {
    if (!open || !userId || !current.data) return;
    form.setFieldsValue({ companyIds: held.map((r) => r.companyId), defaultCompanyId: held.find((r) => r.isDefault)?.companyId });
  }, [open, userId, current.data, held, form]);

  const save = useMutation({
    mutationFn: (body: RelationForm) => request.call(companyContract.relationSave, body),
    onSuccess: () => {
      void message.success(companyContract.relationSave.successMessage);
      void queryClient.invalidateQueries({ queryKey: OrgQueryKey.all });
      onSaved();
      onClose();
    },
  });

  const body = (): RelationForm => {
    const values = form.getFieldsValue(true) as Partial<RelationForm>;
    return { companyIds: [], ...values, userId: fixedUser?.userId ?? values.userId ?? '' } as RelationForm;
  };
  const rule = (field: keyof RelationForm, required = false) => schemaRule(userRelationSaveSchema, field, body, required);

  const submit = async () => {
    const values = body();
    await form.validateFields();
    const removed = held.filter((r) => !values.companyIds.includes(r.companyId));
    if (removed.length > 0) {
      modal.confirm({
        title: UserRelationText.removeTitle,
        content: UserRelationText.removeConfirm(removed.map((r) => r.companyName).join('、')),
        okButtonProps: { danger: true },
        onOk: () => save.mutateAsync(values).catch(() => undefined),
      });
      return;
    }
    save.mutate(values);
  };

  const companyLabel = (id: string) => companies.data?.find((c) => c.value === id)?.label ?? held.find((r) => r.companyId === id)?.companyName ?? id;

  return (
    <Modal
      open={open}
      title={fixedUser ? UserRelationText.editTitle(fixedUser.name) : UserRelationText.add}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={UserRelationText.hint} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        name="userRelation"
        className="user-relation-form"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 17 }}
        preserve={false}
        initialValues={{ companyIds: [] }}
        onValuesChange={(changed: Partial<RelationForm>) => {
          if (changed.companyIds) {
            const defaultId = form.getFieldValue('defaultCompanyId') as string | undefined;
            if (defaultId && !changed.companyIds.includes(defaultId)) form.setFieldValue('defaultCompanyId', undefined);
            if (!defaultId && changed.companyIds.length === 1) form.setFieldValue('defaultCompanyId', changed.companyIds[0]);
          }
        }}
      >
        {fixedUser ? (
          <Form.Item label={UserRelationText.user}>
            <Typography.Text>{fixedUser.name}</Typography.Text>
          </Form.Item>
        ) : (
          <Form.Item name="userId" label={UserRelationText.user} rules={[{ required: true, message: UserRelationText.userRequired }]}>
            <UserSelect />
          </Form.Item>
        )}
        <Spin spinning={current.isFetching}>
          <Form.Item name="companyIds" label={UserRelationText.companies} rules={[rule('companyIds', true)]}>
            <Select mode="multiple" options={companies.data ?? []} loading={companies.isFetching} optionFilterProp="label" disabled={!userId} />
          </Form.Item>
          <Form.Item name="defaultCompanyId" label={UserRelationText.defaultCompany} rules={[rule('defaultCompanyId', true)]}>
            <Select placeholder={UserRelationText.defaultPlaceholder} options={chosen.map((id) => ({ value: id, label: companyLabel(id) }))} disabled={!userId} />
          </Form.Item>
        </Spin>
      </Form>
    </Modal>
  );
}
