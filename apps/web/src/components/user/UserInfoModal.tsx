import { useEffect } from 'react';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Spin } from 'antd';
import { ageCheck, emailCheck, phoneCheck, toFormRule, userHeaderContract, UserText, type UserProfile } from '@care/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useSessionStore } from '../../lib/session-store';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { ImageUpload } from '../upload/ImageUpload';
import { TX_USER_INFO_KEY, useTxUserInfo } from './useTxUserInfo';

export const UserInfoText = {
  title: '个人信息',
  avatar: '头像',
  name: '姓名',
  gender: '性别',
  birthDate: '出生年月',
  age: '年龄',
  phone: '手机号',
  email: '邮箱',
  submit: '提交',
} as const;

/** Dictionary `sex` (spec §3: M 男, F 女); a plain select until the dictionary widget exists. */
export const SEX_OPTIONS = [
  { value: 'M', label: '男' },
  { value: 'F', label: '女' },
] as const;

const DATE_FORMAT = 'YYYY-MM-DD';

interface ProfileForm {
  logoImageUrl: string;
  firstName: string;
  gender: 'M' | 'F' | null;
  birthDate: string | null;
  age: number | null;
  phone: string;
  email: string;
}

function toForm(profile: UserProfile): ProfileForm {
  const { logoImageUrl, firstName, gender, birthDate, age, phone, email } = profile;
  return { logoImageUrl, firstName, gender, birthDate, age, phone, email };
}

/** Spec §2 personal information modal: loads getTxUserInfo, saves PUT updateSysUser. */
export function UserInfoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { request } = useServices();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const updateUserInfo = useSessionStore((s) => s.updateUserInfo);
  const sessionPartyId = useSessionStore((s) => s.userInfo?.partyId ?? '');
  const [form] = Form.useForm<ProfileForm>();
  const profile = useTxUserInfo(open);
  const partyId = profile.data?.partyId ?? sessionPartyId;

  useEffect(() => {
    if (open && profile.data) form.setFieldsValue(toForm(profile.data));
  }, [open, profile.data, form]);

  const save = useMutation({
    mutationFn: (values: ProfileForm) =>
      request.call(userHeaderContract.updateProfile, {
        partyId,
        logoImageUrl: values.logoImageUrl ?? '',
        firstName: values.firstName,
        gender: values.gender ?? null,
        birthDate: values.birthDate ?? null,
        age: values.age ?? null,
        phone: values.phone ?? '',
        email: values.email ?? '',
      }),
    onSuccess: (_result, values) => {
      void message.success(UserText.saved);
      updateUserInfo({ firstName: values.firstName, logoImageUrl: values.logoImageUrl ?? '' });
      void queryClient.invalidateQueries({ queryKey: TX_USER_INFO_KEY });
      onClose();
    },
  });

  const body = () => ({ partyId, ...form.getFieldsValue() });
  const schema = userHeaderContract.updateProfile.body;

  return (
    <Modal
      open={open}
      title={UserInfoText.title}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" loading={save.isPending} disabled={!profile.data} onClick={() => form.submit()}>
          {UserInfoText.submit}
        </Button>
      }
    >
      <Spin spinning={profile.isFetching && !profile.data}>
        <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} onFinish={(values) => save.mutate(values)}>
          <Form.Item name="logoImageUrl" label={UserInfoText.avatar}>
            <ImageUpload biz="avatar" />
          </Form.Item>
          <Form.Item name="firstName" label={UserInfoText.name} rules={[schemaRule(schema, 'firstName', body, true)]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="gender" label={UserInfoText.gender}>
            <Select allowClear options={[...SEX_OPTIONS]} />
          </Form.Item>
          <Form.Item
            name="birthDate"
            label={UserInfoText.birthDate}
            getValueProps={(value: string | null) => ({ value: value ? dayjs(value, DATE_FORMAT) : null })}
            normalize={(value: Dayjs | null) => (value ? value.format(DATE_FORMAT) : null)}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="age" label={UserInfoText.age} rules={[toFormRule(ageCheck)]}>
            <InputNumber style={{ width: '100%' }} precision={0} />
          </Form.Item>
          <Form.Item name="phone" label={UserInfoText.phone} rules={[toFormRule(phoneCheck)]}>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item name="email" label={UserInfoText.email} rules={[toFormRule(emailCheck)]}>
            <Input />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
