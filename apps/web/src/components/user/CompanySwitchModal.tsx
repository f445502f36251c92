import { useEffect } from 'react';
import { App, Modal } from 'antd';
import { userHeaderContract, UserText } from '@care/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSessionStore } from '../../lib/session-store';
import { useServices } from '../../lib/useServices';
import { reloadSoon } from './useTxUserInfo';
import { RequiredChoiceSelect, useRequiredChoice } from './RequiredChoice';

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

  const companies = useQuery({
    queryKey: ['user', 'companies', userInfo?.partyId],
    queryFn: () => request.call(userHeaderContract.listCompanies, { userId: userInfo?.partyId }),
    enabled: open,
    staleTime: 0,
  });

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

  const choice = useRequiredChoice(save.mutate);
  const { choose } = choice;
  useEffect(() => {
    if (open) choose(userInfo?.companyId || undefined);
  }, [open, userInfo?.companyId, choose]);

  return (
    <Modal open={open} title={CompanyText.title} onCancel={onClose} onOk={choice.submit} confirmLoading={save.isPending} destroyOnHidden>
      <RequiredChoiceSelect
        choice={choice}
        loading={companies.isFetching}
        label={CompanyText.label}
        placeholder={CompanyText.placeholder}
        options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.companyName }))}
      />
    </Modal>
  );
}
