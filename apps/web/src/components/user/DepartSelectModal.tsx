import { useEffect, useRef } from 'react';
import { App, Modal } from 'antd';
import { userHeaderContract, UserText } from '@care/shared';
import { useMutation } from '@tanstack/react-query';
import { useSessionStore } from '../../lib/session-store';
import { useServices } from '../../lib/useServices';
import { reloadSoon, useTxUserInfo } from './useTxUserInfo';
import { RequiredChoiceSelect, useRequiredChoice } from './RequiredChoice';

export const DepartText = {
  select: '部门选择',
  switch: '部门切换',
  label: '部门',
  placeholder: '请选择部门',
} as const;

/** The modal's title: 部门切换 once the user has a current department (spec §2). */
export function departTitle(currentDepartmentName: string | null | undefined): string {
  return currentDepartmentName ? DepartText.switch : DepartText.select;
}

interface DepartSelectModalProps {
  open: boolean;
  onClose: () => void;
  /** false right after sign-in when a department must be chosen. */
  closable?: boolean;
}

/**
 * Spec §2, §4, §5 department selection: the list comes from getTxUserInfo; nothing chosen puts the
 * select in its error state; an empty list warns; a save updates the session and reloads.
 */
export function DepartSelectModal({ open, onClose, closable = true }: DepartSelectModalProps) {
  const { request } = useServices();
  const { message } = App.useApp();
  const userInfo = useSessionStore((s) => s.userInfo);
  const updateUserInfo = useSessionStore((s) => s.updateUserInfo);
  const info = useTxUserInfo(open);
  const departs = info.data?.departList ?? [];
  // Closing is not a reason to re-run the effect below; the latest handler is used when it runs.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  const save = useMutation({
    mutationFn: (departmentId: string) => {
      const depart = departs.find((d) => d.departmentId === departmentId);
      return request.call(userHeaderContract.switchDepartment, {
        partyId: userInfo?.partyId ?? '',
        departmentId,
        departmentName: depart?.departmentName ?? '',
      });
    },
    onSuccess: (result) => {
      updateUserInfo({ departmentId: result.departmentId, departmentName: result.departmentName });
      reloadSoon();
    },
  });

  const choice = useRequiredChoice(save.mutate);
  const { choose } = choice;
  useEffect(() => {
    if (!open || !info.data || info.isFetching) return;
    if (info.data.departList.length === 0) {
      void message.warning(UserText.noDepartment);
      closeRef.current();
      return;
    }
    const current = info.data.departmentId;
    choose(info.data.departList.some((d) => d.departmentId === current) ? current : undefined);
  }, [open, info.data, info.isFetching, message, choose]);

  return (
    <Modal
      // Shown once the list is known: an empty list only warns.
      open={open && departs.length > 0}
      title={departTitle(userInfo?.departmentName)}
      closable={closable}
      maskClosable={closable}
      keyboard={closable}
      cancelButtonProps={closable ? undefined : { style: { display: 'none' } }}
      onCancel={onClose}
      onOk={choice.submit}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <RequiredChoiceSelect
        className="depart-select"
        choice={choice}
        loading={info.isFetching}
        label={DepartText.label}
        placeholder={DepartText.placeholder}
        options={departs.map((d) => ({ value: d.departmentId, label: d.departmentName }))}
      />
    </Modal>
  );
}
