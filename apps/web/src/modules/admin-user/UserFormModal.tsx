import { useMemo } from 'react';
import { App, Button, Form, Input, Modal, Select, Spin } from 'antd';
import {
  adminUserContract,
  adminUserCreateSchema,
  adminUserEditSchema,
  Permission,
  type AdminUserDetail,
} from '@care/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAuthorized } from '../../lib/authorized/index';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { SEX_OPTIONS } from '../../components/user/UserInfoModal';
import { titleIndex } from '../../components/org/department-tree';
import { DepartmentTreeSelect } from '../../components/org/DepartmentTreeSelect';
import { useDepartmentTree, useGroupOptions } from '../../components/org/org-queries';
import { OrgText } from '../../components/org/org-text';
import { FieldGrid } from '../../components/form/FieldGrid';
import { confirmPasswordRules } from './confirm-password';

export const UserFormText = {
  addTitle: '新增用户',
  editTitle: '编辑用户',
  username: '用户名',
  usernamePlaceholder: '字母、数字或 _ . @ -',
  password: '登录密码',
  passwordConfirm: '确认密码',
  passwordConfirmRequired: '请再次输入密码!',
  firstName: '姓名',
  avatar: '头像',
  gender: '性别',
  phone: '手机号',
  email: '邮箱',
  departments: '所属部门',
  currentDepartment: '当前部门',
  currentDepartmentHint: '不选时为第一个所属部门',
  roles: '角色',
  rolesPlaceholder: '请选择角色',
} as const;

interface UserForm {
  username: string;
  password: string;
  passwordConfirm: string;
  firstName: string;
  avatarUrl: string | null;
  gender: 'M' | 'F' | null;
  phone: string | null;
  email: string | null;
  departmentIds: string[];
  departmentId: string | null;
  groupIds: string[];
}

interface UserFormModalProps {
  /** The id of the user to edit, 'new' to add one, null when closed. */
  userId: string | 'new' | null;
  onClose: () => void;
  onSaved: (user: AdminUserDetail) => void;
}

/** 新增用户 / 编辑用户: profile, avatar, departments and roles, checked by the schemas the server uses. */
export function UserFormModal({ userId, onClose, onSaved }: UserFormModalProps) {
  const { request } = useServices();
  const authorized = useAuthorized();
  const mayChooseRoles = authorized(Permission.groupList);
  const open = userId !== null;
  const editId = userId !== null && userId !== 'new' ? userId : null;

  const detail = useQuery({
    queryKey: ['org', 'users', 'detail', editId],
    queryFn: () => request.call(adminUserContract.queryById, { id: editId! }),
    enabled: editId !== null,
    staleTime: 0,
    gcTime: 0,
  });

  const loading = editId !== null && !detail.data;
  return (
    <Modal
      open={open}
      title={editId ? UserFormText.editTitle : UserFormText.addTitle}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      {loading ? (
        <Spin spinning={detail.isFetching}>
          <div style={{ height: 240 }} />
        </Spin>
      ) : (
        open && <UserFormBody key={detail.data?.version ?? 'new'} user={editId ? (detail.data ?? null) : null} mayChooseRoles={mayChooseRoles} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

interface UserFormBodyProps {
  user: AdminUserDetail | null;
  mayChooseRoles: boolean;
  onClose: () => void;
  onSaved: UserFormModalProps['onSaved'];
}

function UserFormBody({ user, mayChooseRoles, onClose, onSaved }: UserFormBodyProps) {
  const { request } = useServices();
  const { message } = App.useApp();
  const [form] = Form.useForm<UserForm>();
  const departments = useDepartmentTree();
  const titles = useMemo(() => titleIndex(departments.data ?? []), [departments.data]);
  const groups = useGroupOptions(mayChooseRoles);
  const chosenDepartments = Form.useWatch('departmentIds', form) ?? [];

  const body = () => {
    const v = form.getFieldsValue(true) as UserForm;
    const profile = {
      firstName: v.firstName ?? '',
      gender: v.gender ?? null,
      phone: v.phone || null,
      email: v.email || null,
      avatarUrl: v.avatarUrl || null,
      departmentIds: v.departmentIds ?? [],
      departmentId: v.departmentId ?? null,
      // Without the right to list roles the form cannot show them: the user keeps the ones held.
      groupIds: mayChooseRoles ? (v.groupIds ?? []) : (user?.groupIds ?? []),
    };
    return user ? { id: user.id, version: user.version, ...profile } : { username: v.username ?? '', password: v.password ?? '', ...profile };
  };
  const schema = user ? adminUserEditSchema : adminUserCreateSchema;
  const rule = (field: string, required = false) => schemaRule(schema, field, body, required);

  const save = useMutation({
    mutationFn: () => {
      const values = body();
      return 'id' in values ? request.call(adminUserContract.edit, values) : request.call(adminUserContract.add, values);
    },
    onSuccess: (saved) => {
      const text = user ? adminUserContract.edit.successMessage : adminUserContract.add.successMessage;
      if (text) void message.success(text);
      onSaved(saved);
      onClose();
    },
  });

  const initialValues: Partial<UserForm> = user
    ? {
        username: user.username,
        firstName: user.firstName,
        avatarUrl: user.avatarUrl,
        gender: user.gender,
        phone: user.phone,
        email: user.email,
        departmentIds: user.departmentIds,
        departmentId: user.departmentId && user.departmentIds.includes(user.departmentId) ? user.departmentId : null,
        groupIds: user.groupIds,
      }
    : { departmentIds: [], groupIds: [] };

  return (
    <Form
      form={form}
      name="userForm"
      className="user-form"
      layout="vertical"
      autoComplete="off"
      initialValues={initialValues}
      onFinish={() => save.mutate()}
      onValuesChange={(changed: Partial<UserForm>) => {
        // The current department must stay one of the chosen departments.
        if (changed.departmentIds) {
          const current = form.getFieldValue('departmentId') as string | null;
          if (current && !changed.departmentIds.includes(current)) form.setFieldValue('departmentId', null);
        }
      }}
    >
      <FieldGrid
        rule={rule}
        fields={[
          {
            name: 'username',
            label: UserFormText.username,
            span: 12,
            check: !user,
            input: <Input disabled={user !== null} placeholder={UserFormText.usernamePlaceholder} maxLength={64} autoComplete="off" />,
          },
          { name: 'firstName', label: UserFormText.firstName, span: 12, required: true, input: <Input maxLength={64} /> },
          !user && { name: 'password', label: UserFormText.password, span: 12, required: true, input: <Input.Password maxLength={128} autoComplete="new-password" /> },
          !user && {
            name: 'passwordConfirm',
            label: UserFormText.passwordConfirm,
            span: 12,
            dependencies: ['password'],
            check: false,
            rules: confirmPasswordRules(UserFormText.passwordConfirmRequired),
            input: <Input.Password maxLength={128} autoComplete="new-password" />,
          },
          { name: 'phone', label: UserFormText.phone, span: 12, input: <Input maxLength={11} /> },
          { name: 'email', label: UserFormText.email, span: 12, input: <Input maxLength={128} /> },
          { name: 'gender', label: UserFormText.gender, span: 12, check: false, input: <Select allowClear options={[...SEX_OPTIONS]} /> },
          { name: 'avatarUrl', label: UserFormText.avatar, span: 12, check: false, input: <ImageUpload biz="avatar" /> },
          { name: 'departmentIds', label: UserFormText.departments, span: 12, required: true, input: <DepartmentTreeSelect<string[]> multiple /> },
          {
            name: 'departmentId',
            label: UserFormText.currentDepartment,
            span: 12,
            extra: UserFormText.currentDepartmentHint,
            input: <Select allowClear options={chosenDepartments.map((id) => ({ value: id, label: titles.get(id) ?? id }))} />,
          },
          mayChooseRoles && {
            name: 'groupIds',
            label: UserFormText.roles,
            span: 24,
            input: <Select mode="multiple" allowClear placeholder={UserFormText.rolesPlaceholder} options={groups.data ?? []} loading={groups.isFetching} optionFilterProp="label" />,
          },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>{OrgText.cancel}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {OrgText.save}
        </Button>
      </div>
    </Form>
  );
}
