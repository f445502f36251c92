import { useRef, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { App, Button, Card, Col, Row, Tag } from 'antd';
import { adminUserContract, Permission, type AdminUser } from '@care/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ListTable } from '../../components/crud/ListTable';
import { RowActions } from '../../components/crud/RowActions';
import { StoredImage } from '../../components/image/StoredImage';
import { DepartmentTreePanel } from '../../components/org/DepartmentTreePanel';
import { OrgText } from '../../components/org/org-text';
import { ResetPasswordModal } from './ResetPasswordModal';
import { UserFormModal } from './UserFormModal';
import { UserRolesModal } from './UserRolesModal';
import { SEX_OPTIONS } from '../../components/user/UserInfoModal';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { useSessionStore } from '../../lib/session-store';
import { useServices } from '../../lib/useServices';

export const UserListText = {
  export: '导出',
  title: '用户列表',
  departments: '部门',
  inDepartment: (name: string) => `用户列表 · ${name}`,
  add: '新增用户',
  username: '用户名',
  firstName: '姓名',
  avatar: '头像',
  gender: '性别',
  phone: '手机号',
  email: '邮箱',
  department: '当前部门',
  roles: '角色',
  resetPassword: '重置密码',
  enable: '启用',
  disable: '停用',
  disableConfirm: '确定停用该用户吗？停用后该用户将立即被强制下线，且不能再登录。',
  enableConfirm: '确定启用该用户吗？',
  self: '当前登录',
} as const;

const statusValueEnum = {
  enabled: { text: OrgText.enabled, status: 'Success' },
  disabled: { text: OrgText.disabled, status: 'Default' },
} as const;

const genderText = Object.fromEntries(SEX_OPTIONS.map((o) => [o.value, o.label])) as Record<string, string>;

/**
 * 用户: the users of the session company within the caller's data rules — filters and a department
 * tree, add and edit with avatar, departments and roles, roles on their own, enable and disable,
 * and an administrator's password reset.
 */
export function UserList() {
  const { request } = useServices();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const authorized = useAuthorized();
  const selfId = useSessionStore((s) => s.userInfo?.partyId ?? '');
  const actionRef = useRef<ActionType>(undefined);
  const [department, setDepartment] = useState<{ id: string; title: string } | null>(null);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [roles, setRoles] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);

  const reload = () => {
    void actionRef.current?.reload();
    // Pickers (department heads, members) search the same users.
    void queryClient.invalidateQueries({ queryKey: ['org', 'users'] });
  };

  const setStatus = useMutation({
    mutationFn: (user: AdminUser) => request.call(adminUserContract.setSysPartyStatus, { partyId: user.id, status: user.status === 'enabled' ? 'disabled' : 'enabled' }),
    onSuccess: () => {
      void message.success(adminUserContract.setSysPartyStatus.successMessage);
      reload();
    },
  });

  const rowActions = [Permission.userEdit, Permission.groupMembers, Permission.userResetPassword, Permission.userStatus];
  const columns: ProColumns<AdminUser>[] = [
    { title: UserListText.username, dataIndex: 'username', sorter: true, width: 140 },
    {
      title: UserListText.firstName,
      dataIndex: 'firstName',
      sorter: true,
      width: 140,
      render: (_, row) => (
        <>
          {row.firstName}
          {row.id === selfId && (
            <Tag color="blue" style={{ marginLeft: 6 }}>
              {UserListText.self}
            </Tag>
          )}
        </>
      ),
    },
    {
      title: UserListText.avatar,
      dataIndex: 'avatarUrl',
      search: false,
      width: 70,
      render: (_, row) => (row.avatarUrl ? <StoredImage path={row.avatarUrl} alt={row.username} style={{ width: 32, height: 32, borderRadius: '50%' }} /> : '-'),
    },
    { title: UserListText.gender, dataIndex: 'gender', search: false, width: 70, render: (_, row) => (row.gender ? genderText[row.gender] : '-') },
    { title: UserListText.phone, dataIndex: 'phone', width: 130 },
    { title: UserListText.email, dataIndex: 'email', search: false, ellipsis: true },
    { title: UserListText.department, dataIndex: 'departmentName', search: false, width: 120 },
    { title: OrgText.status, dataIndex: 'status', valueType: 'select', valueEnum: statusValueEnum, width: 90 },
    { title: OrgText.createdAt, dataIndex: 'createdAt', sorter: true, search: false, width: 170 },
    {
      title: OrgText.actions,
      valueType: 'option',
      width: 230,
      fixed: 'right',
      hideInTable: !rowActions.some((action) => authorized(action)),
      render: (_, row) => (
        <RowActions
          actions={[
            { key: 'edit', label: OrgText.edit, permission: Permission.userEdit, onClick: () => setEditing(row.id) },
            { key: 'roles', label: UserListText.roles, permission: Permission.groupMembers, onClick: () => setRoles(row) },
            { key: 'reset', label: UserListText.resetPassword, permission: Permission.userResetPassword, onClick: () => setResetting(row) },
            {
              key: 'status',
              label: row.status === 'enabled' ? UserListText.disable : UserListText.enable,
              permission: Permission.userStatus,
              // Nobody can disable themself (the server refuses it too).
              hidden: row.id === selfId,
              danger: row.status === 'enabled',
              confirm: row.status === 'enabled' ? UserListText.disableConfirm : UserListText.enableConfirm,
              onClick: () => setStatus.mutateAsync(row).catch(() => undefined),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Row gutter={16} className="user-list" wrap={false} style={{ alignItems: 'flex-start' }}>
      <Col flex="260px">
        <Card title={UserListText.departments} size="small">
          <DepartmentTreePanel
            value={department?.id ?? null}
            onChange={(id, title) => {
              setDepartment(id ? { id, title: title ?? '' } : null);
              actionRef.current?.setPageInfo?.({ current: 1 });
            }}
          />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <ListTable<AdminUser>
          headerTitle={department ? UserListText.inDepartment(department.title) : UserListText.title}
          actionRef={actionRef}
          columns={columns}
          params={{ departmentId: department?.id }}
          contract={adminUserContract.getUserList}
          access={Permission.userList}
          search={{ labelWidth: 'auto' }}
          scroll={{ x: 1200 }}
          options={{ density: false, setting: false }}
          exportXls={{ path: adminUserContract.exportXls.path, name: '用户', action: Permission.userExport, label: UserListText.export }}
          buttonsEnd={[
            <Authorized key="add" action={Permission.userAdd}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {UserListText.add}
              </Button>
            </Authorized>,
          ]}
        />
      </Col>
      <UserFormModal userId={editing} onClose={() => setEditing(null)} onSaved={reload} />
      <UserRolesModal user={roles} onClose={() => setRoles(null)} onSaved={reload} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </Row>
  );
}
