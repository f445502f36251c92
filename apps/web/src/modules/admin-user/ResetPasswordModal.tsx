import { Alert, App, Form, Input, Modal } from 'antd';
import { adminPasswordResetSchema, adminUserContract, type AdminUser } from '@care/shared';
import { useMutation } from '@tanstack/react-query';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { confirmPasswordRules } from './confirm-password';

export const ResetPasswordText = {
  title: (name: string) => `重置密码：${name}`,
  warning: '重置后，该用户已登录的会话将全部失效，需要用新密码重新登录。',
  password: '新密码',
  confirm: '确认新密码',
  confirmRequired: '请确认新密码!',
} as const;

/** An administrator sets a new password for a user (updatePasswordForPartyId). */
export function ResetPasswordModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { request } = useServices();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirm: string }>();

  const save = useMutation({
    mutationFn: (password: string) => request.call(adminUserContract.updatePasswordForPartyId, { partyId: user!.id, password }),
    onSuccess: () => {
      void message.success(adminUserContract.updatePasswordForPartyId.successMessage);
      onClose();
    },
  });

  const body = () => ({ partyId: user?.id ?? '', password: (form.getFieldValue('password') as string | undefined) ?? '' });

  return (
    <Modal
      open={user !== null}
      title={ResetPasswordText.title(user?.firstName || user?.username || '')}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => save.mutate(values.password), () => undefined)}
      okButtonProps={{ danger: true }}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={ResetPasswordText.warning} style={{ marginBottom: 16 }} />
      <Form form={form} name="resetPassword" className="reset-password-form" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} autoComplete="off" preserve={false}>
        <Form.Item name="password" label={ResetPasswordText.password} rules={[schemaRule(adminPasswordResetSchema, 'password', body, true)]}>
          <Input.Password maxLength={128} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={ResetPasswordText.confirm}
          dependencies={['password']}
          rules={confirmPasswordRules(ResetPasswordText.confirmRequired)}
        >
          <Input.Password maxLength={128} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
