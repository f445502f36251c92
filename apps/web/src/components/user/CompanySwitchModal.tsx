import { useEffect, useState } from 'react';
import { App, Form, Modal, Select, Spin } from 'antd';
import { userHeaderContract, UserText } from '@care/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSessionStore } from '../../lib/session-store';
import { useServices } from '../../lib/useServices';
import { reloadSoon } from './useTxUserInfo';

export const CompanyText = {
  title: '公司切换',
  label: '公司',
  placeholder: '请选择公司',
} as const;

/**
 * Spec §2, §4 company switch: lists the user's companies, makes the chosen one the default (the server
 * moves the session into it), shows 切换成功! and reloads.
 */
export function CompanySwitchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { request } = useServices();
  const { message } = App.useApp();
  const userInfo = useSessionStore((s) => s.userInfo);
  const updateUserInfo = useSessionStore((s) => s.updateUserInfo);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [invalid, setInvalid] = useState(false);

  const companies = useQuery({
    queryKey: ['user', 'companies', userInfo?.partyId],
    queryFn: () => request.call(userHeaderContract.listCompanies, { userId: userInfo?.partyId }),
    enabled: open,
    staleTime: 0,
  });

  useEffect(() => {
    if (open) {
      setChosen(userInfo?.companyId || undefined);
      setInvalid(false);
    }
  }, [open, userInfo?.companyId]);

  const save = useMutation({
    mutationFn: async (defaultCompanyId: string) => {
      await request.call(userHeaderContract.setDefaultCompany, { userLoginId: userInfo?.userLoginId ?? '', defaultCompanyId });
      // The session now acts in that company and one of its departments: cache them before reloading.
      const profile = await request.call(userHeaderContract.getTxUserInfo);
      return { defaultCompanyId, profile };
    },
    onSuccess: ({ defaultCompanyId, profile }) => {
      updateUserInfo({
        companyId: defaultCompanyId,
        defaultCompanyId,
        departmentId: profile.departmentId,
        departmentName: profile.departmentName,
      });
      void message.success(UserText.companySwitched);
      reloadSoon();
    },
  });

  const submit = () => {
    if (!chosen) {
      setInvalid(true);
      return;
    }
    save.mutate(chosen);
  };

  return (
    <Modal open={open} title={CompanyText.title} onCancel={onClose} onOk={submit} confirmLoading={save.isPending} destroyOnHidden>
      <Spin spinning={companies.isFetching}>
        <Form.Item label={CompanyText.label} validateStatus={invalid ? 'error' : undefined} style={{ marginBottom: 0 }}>
          <Select
            status={invalid ? 'error' : undefined}
            value={chosen}
            placeholder={CompanyText.placeholder}
            options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.companyName }))}
            onChange={(value: string) => {
              setChosen(value);
              setInvalid(false);
            }}
          />
        </Form.Item>
      </Spin>
    </Modal>
  );
}
