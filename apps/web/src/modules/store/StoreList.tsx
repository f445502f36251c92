import { useEffect, useMemo, useState } from 'react';
import { Modal, Spin } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Permission, storeContract, storeResource, type Store, type UserOption } from '@care/shared';
import { ResourceForm } from '../../components/crud/ResourceForm';
import { ResourceTable, type ResourceDialogProps } from '../../components/crud/ResourceTable';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { DictSelect } from '../../components/dict/DictSelect';
import { DictTag } from '../../components/dict/DictTag';
import { StoreSelect, useInvalidateCrmOptions } from '../../components/crm';
import { UserSelect } from '../../components/org/UserSelect';
import { useAuthorized } from '../../lib/authorized/index';
import { useServices } from '../../lib/useServices';

export const StoreText = {
  parentNone: '无（顶级门店）',
  codeFixed: '编码创建后不能修改',
  staff: '门店员工',
  staffOf: (name: string) => `门店员工 - ${name}`,
  staffHint: '在本门店工作的员工（店长之外）；数据规则 #{sys_store_ids} 按此判断员工所属门店。',
} as const;

const as = (row: unknown) => row as Store;

/** 门店 (/base/store): the company's stores, their managers and staff (who work there scopes data rules). */
export function StoreList() {
  const [staffOf, setStaffOf] = useState<Store | null>(null);
  const invalidate = useInvalidateCrmOptions();
  return (
    <>
      <ResourceTable
        resource={storeResource}
        contracts={storeContract}
        onChanged={() => void invalidate('store')}
        columns={{
          code: { copyable: true },
          parentId: { hideInTable: false, render: (_, row) => as(row).parentName ?? '-' },
          managerId: { hideInTable: false, render: (_, row) => as(row).managerName ?? '-' },
          address: { ellipsis: true },
          modes: { hideInTable: false, render: (_, row) => <DictTag code="mode_type" value={as(row).modes} /> },
          sort: { width: 80, align: undefined },
        }}
        rowActions={(row) => [{ key: 'staff', label: StoreText.staff, permission: Permission.storeEdit, onClick: () => setStaffOf(as(row)) }]}
        renderForm={(dialog) => <StoreForm {...dialog} />}
      />
      <StoreStaffModal store={staffOf} onClose={() => setStaffOf(null)} />
    </>
  );
}

/** The kit's form with the store's pickers: the parent and the manager keep their names while their options load. */
function StoreForm(dialog: ResourceDialogProps) {
  const row = dialog.row ? as(dialog.row) : null;
  const canPickManager = useAuthorized()(Permission.userList);
  const knownManager: UserOption[] = row?.managerId ? [{ id: row.managerId, username: '', firstName: row.managerName ?? '', phone: null, departmentName: null }] : [];
  return (
    <ResourceForm
      {...dialog}
      resource={storeResource}
      add={storeContract.add}
      edit={storeContract.edit}
      lockedOnEdit={['code']}
      extra={{ code: row ? StoreText.codeFixed : undefined }}
      hide={canPickManager ? [] : ['managerId']}
      inputs={{
        parentId: <StoreSelect currentLabel={row?.parentName} placeholder={StoreText.parentNone} />,
        managerId: <UserSelect known={knownManager} />,
        modes: <DictSelect code="mode_type" mode="multiple" />,
      }}
    />
  );
}

/** Who works in a store besides its manager (user_store), picked from the company's users. */
function StoreStaffModal({ store, onClose }: { store: Store | null; onClose: () => void }) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const canPick = useAuthorized()(Permission.userList);
  const [userIds, setUserIds] = useState<string[]>([]);
  const staff = useQuery({
    queryKey: ['crm', 'storeUsers', store?.id],
    queryFn: () => request.call(storeContract.users, { storeId: store?.id ?? '' }),
    enabled: store !== null,
  });
  const known = useMemo<UserOption[]>(
    () => (staff.data ?? []).map((u) => ({ id: u.id, username: u.username, firstName: u.firstName, phone: null, departmentName: null })),
    [staff.data],
  );
  useEffect(() => setUserIds(known.map((u) => u.id)), [known]);

  const save = useMutation({
    mutationFn: () => request.call(storeContract.saveUsers, { storeId: store?.id ?? '', userIds }),
    onSuccess: () => {
      notice(storeContract.saveUsers);
      void staff.refetch();
      onClose();
    },
  });

  return (
    <Modal
      open={store !== null}
      title={store ? StoreText.staffOf(store.name) : StoreText.staff}
      onCancel={onClose}
      onOk={() => save.mutate()}
      okButtonProps={{ disabled: !canPick || staff.isLoading }}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={600}
    >
      <p style={{ color: 'rgba(0,0,0,0.45)' }}>{StoreText.staffHint}</p>
      {staff.isLoading ? <Spin /> : <UserSelect<string[]> multiple known={known} value={userIds} onChange={(ids) => setUserIds(ids)} disabled={!canPick} />}
    </Modal>
  );
}
