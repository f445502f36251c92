import { useState } from 'react';
import { monthlyNurseContract as C, monthlyNurseResource, nurseMachine, Permission, type MonthlyNurse, type NurseExpiryItem, type NurseStatus } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';
import type { RowAction } from '../../components/crud/RowActions';
import { StoreSelect } from '../../components/crm';
import { DictSelect } from '../../components/dict/DictSelect';
import { DictTag } from '../../components/dict/DictTag';
import { StoredImage } from '../../components/image/StoredImage';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { ExpiryTags } from './ExpiryTags';
import { MonthlyNurseText as text } from './monthly-nurse-text';
import { NurseCertificateDrawer } from './NurseCertificateDrawer';
import { NurseLeaveDrawer } from './NurseLeaveDrawer';
import { NurseLinkDialog } from '../nurse-link/NurseLinkDialog';
import { NurseLinkActionText } from '../nurse-link/nurse-link-text';

type Row = Record<string, unknown> & { id: string; version: number };
const asNurse = (row: Row) => row as unknown as MonthlyNurse;

/**
 * 月嫂 (/serve/monthlyNurse): profiles with photo, dictionaries, skills, price and expiries; 证件预警
 * (red 已过期, orange 即将过期) as a column and a filter; per row 证书 and 请假 drawers, 编辑链接 (the nurse's own page, nurse-link) and the status
 * moves 休息 / 在职 / 离职 (confirmed; 上户中 is set by 派工 only).
 */
export function MonthlyNurseList({ storeId }: { storeId?: string } = {}) {
  const [certsOf, setCertsOf] = useState<MonthlyNurse | null>(null);
  const [leavesOf, setLeavesOf] = useState<MonthlyNurse | null>(null);
  const [linksOf, setLinksOf] = useState<MonthlyNurse | null>(null);
  const [reloadList, setReloadList] = useState<(() => void) | null>(null);

  const moves = (row: Row, run: (contract: typeof C.rest, input: Record<string, unknown>) => void): RowAction[] => {
    const nurse = asNurse(row);
    const status = nurse.status as NurseStatus;
    const move = (key: 'rest' | 'resume' | 'resign', danger = false): RowAction => ({
      key,
      label: text[key],
      permission: C[key].access,
      hidden: !nurseMachine.can(status, key),
      danger,
      confirm: text[`${key}Confirm`](nurse.name),
      onClick: () => run(C[key], { id: nurse.id, version: nurse.version }),
    });
    return [move('rest'), move('resume'), move('resign', true)];
  };

  return (
    <>
      <ResourceTable
        resource={monthlyNurseResource}
        contracts={C}
        className="monthly-nurse-table"
        fixedFilters={storeId ? { storeId } : undefined}
        columns={{
          photo: { width: 64, search: false, render: (_, row) => <StoredImage path={row.photo as string} style={{ width: 40, height: 40, borderRadius: 4 }} /> },
          nurseNo: { copyable: true, width: 120 },
          idNo: { search: false },
          storeId: { title: '门店', hideInSearch: Boolean(storeId), renderFormItem: () => <StoreSelect />, render: (_, row) => (row.storeName as string) || '-' },
          skills: { search: false, render: (_, row) => <DictTag code="nurse_skill" value={row.skills} /> },
          rating: { render: (_, row) => (row.rating ? `${String(row.rating)}（${String(row.ratingCount)}）` : '-') },
        }}
        extraColumns={[
          { title: text.skill, dataIndex: 'skill', hideInTable: true, renderFormItem: () => <DictSelect code="nurse_skill" /> },
          {
            title: text.expiry,
            dataIndex: 'expiry',
            valueType: 'select',
            valueEnum: { any: { text: text.expiryAny }, expired: { text: text.expired }, expiring: { text: text.expiring } },
            render: (_, row) => <ExpiryTags items={row.expiryItems as NurseExpiryItem[]} />,
          },
        ]}
        form={{
          width: 720,
          inputs: {
            photo: <ImageUpload biz="nurse" />,
            skills: <DictSelect code="nurse_skill" mode="multiple" />,
            storeId: <StoreSelect />,
          },
          extra: { idNo: text.idNoExtra },
        }}
        deleteConfirm={(row) => text.deleteConfirm(String(row.name))}
        rowActions={(row, reload, run) => [
          { key: 'certificates', label: text.certificates, permission: C.certificateList.access, onClick: () => (setReloadList(() => reload), setCertsOf(asNurse(row))) },
          { key: 'leaves', label: text.leaves, permission: C.leaveList.access, onClick: () => (setReloadList(() => reload), setLeavesOf(asNurse(row))) },
          { key: 'links', label: NurseLinkActionText.open, permission: Permission.nurseLinkList, onClick: () => setLinksOf(asNurse(row)) },
          ...moves(row, run),
        ]}
      />
      <NurseCertificateDrawer nurse={certsOf} onClose={() => setCertsOf(null)} onChanged={() => reloadList?.()} />
      <NurseLeaveDrawer nurse={leavesOf} onClose={() => setLeavesOf(null)} />
      {linksOf && <NurseLinkDialog nurse={linksOf} onClose={() => setLinksOf(null)} />}
    </>
  );
}
