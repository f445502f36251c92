import { useEffect } from 'react';
import { App, Form, Input, Modal, Switch } from 'antd';
import { securityGroupContract, securityGroupCreateSchema, type SecurityGroup, type SecurityGroupCreate } from '@care/shared';
import { schemaRule } from '../../lib/schema-rule';
import { groupText, withNoun, type GroupNoun } from './group-text';
import { useRecordSave } from '../../components/form/useRecordSave';

interface GroupFormModalProps {
  noun: GroupNoun;
  open: boolean;
  /** The group being edited; none to add one. */
  group: SecurityGroup | null;
  onClose: () => void;
  onSaved: () => void;
}

type GroupForm = SecurityGroupCreate;

/** Add or edit a security group; fields are checked by the shared schema the server uses. */
export function GroupFormModal({ noun, open, group, onClose, onSaved }: GroupFormModalProps) {
  const { modal } = App.useApp();
  const text = groupText(noun);
  const [form] = Form.useForm<GroupForm>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(group ? { code: group.code, name: group.name, description: group.description, enabled: group.enabled } : { enabled: true });
  }, [open, group, form]);

  const save = useRecordSave<GroupForm>({
    record: group,
    add: securityGroupContract.createSysSecurityGroup,
    edit: securityGroupContract.updateSysSecurityGroup,
    onSaved,
    onClose,
  });

  const rule = (field: keyof GroupForm, required = false) => {
    const base = schemaRule(securityGroupCreateSchema, field, () => {
      const values = form.getFieldsValue() as Partial<GroupForm>;
      return { ...values, code: values.code ?? '', name: values.name ?? '', description: values.description ?? '' };
    }, required);
    return {
      ...base,
      validator: (r: unknown, v: unknown) => base.validator(r, v).catch((error: Error) => Promise.reject(new Error(withNoun(error.message, noun)))),
    };
  };

  const submit = async () => {
    const values = await form.validateFields();
    const body = { ...values, description: values.description ?? '' };
    // Switching a group off takes its menus from every member at once: ask first.
    if (group?.enabled && !values.enabled) {
      modal.confirm({ title: text.disableTitle, content: text.disableConfirm, onOk: () => save.mutateAsync(body).catch(() => undefined) });
      return;
    }
    save.mutate(body);
  };

  return (
    <Modal
      open={open}
      title={group ? text.editTitle : text.add}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} name="security-group-form" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} autoComplete="off" className="group-form">
        <Form.Item name="code" label={text.code} rules={[rule('code', true)]}>
          <Input placeholder={text.codePlaceholder} maxLength={64} />
        </Form.Item>
        <Form.Item name="name" label={text.name} rules={[rule('name', true)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={text.description} rules={[rule('description')]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="enabled" label={text.enabled} valuePropName="checked">
          <Switch checkedChildren={text.on} unCheckedChildren={text.off} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
