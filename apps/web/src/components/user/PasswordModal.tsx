import { App, Form, Input, Modal } from 'antd';
import { passwordChangeSchema, PasswordChangeText, userHeaderContract, UserText, type PasswordChange } from '@care/shared';
import { useMutation } from '@tanstack/react-query';
import { useSessionStore } from '../../lib/session-store';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';

export const PasswordText = {
  title: '修改密码',
  current: '旧密码',
  next: '新密码',
  verify: '确认新密码',
  close: '关闭',
} as const;

type PasswordForm = Omit<PasswordChange, 'partyId'>;

/**
 * Spec §2 change-password modal. Fields are checked by the shared `passwordChangeSchema`, so the form
 * shows the spec's messages. Opening it without a signed-in user warns instead (spec §5).
 */
export function PasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { request } = useServices();
  const { message } = App.useApp();
  const partyId = useSessionStore((s) => s.userInfo?.partyId ?? '');
  const [form] = Form.useForm<PasswordForm>();

  const save = useMutation({
    mutationFn: (values: PasswordForm) => request.call(userHeaderContract.changePassword, { partyId, ...values }),
    onSuccess: () => {
      void message.success(UserText.passwordChanged);
      onClose();
    },
  });

  const body = () => ({ partyId: partyId || 'unknown', ...form.getFieldsValue() });
  const rule = (field: keyof PasswordForm) => schemaRule(passwordChangeSchema, field, body, true);

  const submit = async () => {
    if (!partyId) {
      void message.warning(PasswordChangeText.noLoginUser);
      return;
    }
    const values = await form.validateFields();
    save.mutate(values);
  };

  return (
    <Modal
      open={open}
      title={PasswordText.title}
      cancelText={PasswordText.close}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} autoComplete="off">
        <Form.Item name="currentPassword" label={PasswordText.current} rules={[rule('currentPassword')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={PasswordText.next} rules={[rule('newPassword')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="newPasswordVerify" label={PasswordText.verify} dependencies={['newPassword']} rules={[rule('newPasswordVerify')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
