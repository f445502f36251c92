import { useRef, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { App, Button, Form, Input, Modal, Popconfirm, Switch, Tag, Typography } from 'antd';
import { companyContract, companyCreateSchema, Permission, type Company, type CompanyCreate } from '@care/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proTableRequest } from '../../components/crud/pro-table-request';
import { OrgQueryKey } from '../../components/org/org-queries';
import { OrgText } from '../../components/org/org-text';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { schemaRule } from '../../lib/schema-rule';
import { useSessionStore } from '../../lib/session-store';
import { useServices } from '../../lib/useServices';

export const CompanyListText = {
  title: '公司列表',
  add: '新增公司',
  editTitle: '编辑公司',
  code: '公司编码',
  name: '公司名称',
  codePlaceholder: '字母、数字、_ 或 -',
  codeFixed: '公司编码创建后不建议修改',
  enable: '启用',
  disable: '停用',
  current: '当前',
  disableConfirm: '停用后，该公司的用户将无法再切换到该公司。确定停用吗？',
  enableConfirm: '确定启用该公司吗？',
  addHint: '新增公司会同时创建它的根部门和超级管理员角色，并把您加入其中。',
} as const;

/** 公司: the companies the administrator works for — list, add, edit, enable and disable. */
export function CompanyList() {
  const { request } = useServices();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const authorized = useAuthorized();
  const currentCompanyId = useSessionStore((s) => s.userInfo?.companyId ?? '');
  const actionRef = useRef<ActionType>(null);
  const [editing, setEditing] = useState<Company | 'new' | null>(null);

  const saved = (text: string | undefined) => {
    if (text) void message.success(text);
    void actionRef.current?.reload();
    // Company pickers (用户关系, company switch) read the same list.
    void queryClient.invalidateQueries({ queryKey: OrgQueryKey.companies });
  };

  const toggle = useMutation({
    mutationFn: (company: Company) =>
      request.call(companyContract.edit, { id: company.id, version: company.version, code: company.code, name: company.name, enabled: !company.enabled }),
    onSuccess: () => saved(companyContract.edit.successMessage),
  });

  const columns: ProColumns<Company>[] = [
    { title: CompanyListText.code, dataIndex: 'code', sorter: true, copyable: true },
    {
      title: CompanyListText.name,
      dataIndex: 'name',
      sorter: true,
      render: (_, row) => (
        <>
          {row.name}
          {row.id === currentCompanyId && (
            <Tag color="blue" style={{ marginLeft: 8 }}>
              {CompanyListText.current}
            </Tag>
          )}
        </>
      ),
    },
    {
      title: OrgText.status,
      dataIndex: 'enabled',
      search: false,
      width: 100,
      render: (_, row) => <Tag color={row.enabled ? 'green' : 'default'}>{row.enabled ? OrgText.enabled : OrgText.disabled}</Tag>,
    },
    { title: OrgText.createdAt, dataIndex: 'createdAt', sorter: true, search: false, width: 180 },
    {
      title: OrgText.actions,
      valueType: 'option',
      width: 160,
      hideInTable: !authorized(Permission.companyEdit),
      render: (_, row) => [
        <Authorized key="edit" action={Permission.companyEdit}>
          <Typography.Link onClick={() => setEditing(row)}>{OrgText.edit}</Typography.Link>
        </Authorized>,
        // The server refuses to disable the company of one's own session; the button is not offered.
        row.id === currentCompanyId && row.enabled ? null : (
          <Authorized key="toggle" action={Permission.companyEdit}>
            <Popconfirm
              title={row.enabled ? CompanyListText.disableConfirm : CompanyListText.enableConfirm}
              onConfirm={() => toggle.mutateAsync(row).catch(() => undefined)}
            >
              <Typography.Link type={row.enabled ? 'danger' : undefined}>{row.enabled ? CompanyListText.disable : CompanyListText.enable}</Typography.Link>
            </Popconfirm>
          </Authorized>
        ),
      ],
    },
  ];

  return (
    <>
      <ProTable<Company>
        className="company-list"
        headerTitle={CompanyListText.title}
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={proTableRequest(request, companyContract.list)}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        options={{ density: false, setting: false }}
        toolBarRender={() => [
          <Authorized key="add" action={Permission.companyAdd}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {CompanyListText.add}
            </Button>
          </Authorized>,
        ]}
      />
      <CompanyFormModal company={editing} onClose={() => setEditing(null)} onSaved={saved} />
    </>
  );
}

interface CompanyFormModalProps {
  company: Company | 'new' | null;
  onClose: () => void;
  onSaved: (message: string | undefined) => void;
}

function CompanyFormModal({ company, onClose, onSaved }: CompanyFormModalProps) {
  const { request } = useServices();
  const [form] = Form.useForm<CompanyCreate>();
  const open = company !== null;
  const existing = company !== 'new' ? company : null;

  const save = useMutation({
    mutationFn: (values: CompanyCreate) =>
      existing ? request.call(companyContract.edit, { ...values, id: existing.id, version: existing.version }) : request.call(companyContract.add, values),
    onSuccess: () => {
      onSaved(existing ? companyContract.edit.successMessage : companyContract.add.successMessage);
      onClose();
    },
  });

  const rule = (field: keyof CompanyCreate, required = false) => schemaRule(companyCreateSchema, field, () => form.getFieldsValue(), required);

  return (
    <Modal
      open={open}
      title={existing ? CompanyListText.editTitle : CompanyListText.add}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => save.mutate({ ...values, enabled: values.enabled ?? existing?.enabled ?? true }), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {!existing && <Typography.Paragraph type="secondary">{CompanyListText.addHint}</Typography.Paragraph>}
      <Form
        form={form}
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 17 }}
        autoComplete="off"
        name="companyForm"
        className="company-form"
        preserve={false}
        initialValues={existing ? { code: existing.code, name: existing.name } : { code: '', name: '', enabled: true }}
      >
        <Form.Item name="code" label={CompanyListText.code} rules={[rule('code', true)]} extra={existing ? CompanyListText.codeFixed : undefined}>
          <Input placeholder={CompanyListText.codePlaceholder} maxLength={64} />
        </Form.Item>
        <Form.Item name="name" label={CompanyListText.name} rules={[rule('name', true)]}>
          <Input maxLength={100} />
        </Form.Item>
        {/* Switching a company off is its own confirmed row action. */}
        {!existing && (
          <Form.Item name="enabled" label={OrgText.status} valuePropName="checked">
            <Switch checkedChildren={OrgText.enabled} unCheckedChildren={OrgText.disabled} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
