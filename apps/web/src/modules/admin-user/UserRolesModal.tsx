import { useEffect, useState } from 'react';
import { App, Checkbox, Empty, Modal, Spin, Typography } from 'antd';
import { securityGroupContract, type AdminUser } from '@care/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useServices } from '../../lib/useServices';
import { useGroupOptions } from '../../components/org/org-queries';

export const UserRolesText = {
  title: (name: string) => `分配角色：${name}`,
  hint: '保存后，该用户下一次操作时即按新的角色获得菜单和按钮。',
  empty: '暂无角色',
} as const;

/**
 * The roles (security groups) of one user in the session company, replaced in one call
 * (listSysSecurityGroupByUserId, saveSysSecurityGroupToUser).
 */
export function UserRolesModal({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved?: () => void }) {
  const { request } = useServices();
  const { message } = App.useApp();
  const open = user !== null;
  const groups = useGroupOptions(open);
  const held = useQuery({
    queryKey: ['org', 'users', 'groups', user?.id],
    queryFn: () => request.call(securityGroupContract.listSysSecurityGroupByUserId, { userId: user!.id }),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    if (held.data) setChosen(held.data.map((g) => g.id));
  }, [held.data]);

  const save = useMutation({
    mutationFn: () => request.call(securityGroupContract.saveSysSecurityGroupToUser, { userId: user!.id, groupIds: chosen }),
    onSuccess: () => {
      void message.success(securityGroupContract.saveSysSecurityGroupToUser.successMessage);
      onSaved?.();
      onClose();
    },
  });

  const loading = groups.isFetching || held.isFetching;
  return (
    <Modal
      open={open}
      title={UserRolesText.title(user?.firstName || user?.username || '')}
      onCancel={onClose}
      onOk={() => save.mutate()}
      okButtonProps={{ disabled: !held.data }}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{UserRolesText.hint}</Typography.Paragraph>
      <Spin spinning={loading}>
        {(groups.data ?? []).length === 0 && !loading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={UserRolesText.empty} />
        ) : (
          <Checkbox.Group className="user-roles" value={chosen} onChange={(values) => setChosen(values.map(String))} style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
            {(groups.data ?? []).map((g) => (
              <Checkbox key={g.value} value={g.value}>
                {g.label}
              </Checkbox>
            ))}
          </Checkbox.Group>
        )}
      </Spin>
    </Modal>
  );
}
