import { useState } from 'react';
import { Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { DictCode, nurseAssignmentContract, nurseEvaluationContract, Permission, type NurseAssignment } from '@care/shared';
import { StoreSelect } from '../../components/crm';
import { AddButton, rangeFilter } from '../../components/crm/crm-columns';
import { ReasonTip } from '../../components/crm/ReasonTip';
import { ListTable, useListReload } from '../../components/crud/ListTable';
import { DictSelect } from '../../components/dict/DictSelect';
import { DictTag } from '../../components/dict/DictTag';
import { useAuthorized } from '../../lib/authorized/index';
import { useServices } from '../../lib/useServices';
import { useNurseAssignmentActions } from './NurseAssignmentActions';
import { NurseAssignmentFormModal } from './NurseAssignmentForm';
import { NurseAssignmentPageText as T } from './nurse-assignment-text';

/** 月嫂派工 (/serve/nurseAssignment): assignments of nurses to orders in the caller's stores, moved by state. */
export function NurseAssignmentList() {
  const { request } = useServices();
  const authorized = useAuthorized();
  const { table, reload } = useListReload();
  const [form, setForm] = useState<{ row: NurseAssignment | null } | null>(null);
  const [shown, setShown] = useState<NurseAssignment[]>([]);
  // Which 已完成 rows already have an evaluation (评价 is offered for the others).
  const completedIds = shown.filter((r) => r.status === 'completed').map((r) => r.id);
  const evaluated = useQuery({
    queryKey: ['nurseAssignment', 'evaluated', completedIds],
    queryFn: () => request.call(nurseEvaluationContract.evaluated, { assignmentIds: completedIds }),
    enabled: completedIds.length > 0 && authorized(Permission.nurseEvaluationAdd),
  });
  const actions = useNurseAssignmentActions(reload, (row) => setForm({ row }), new Set(evaluated.data ?? completedIds));

  const columns: ProColumns<NurseAssignment>[] = [
    { title: T.assignmentNo, dataIndex: 'assignmentNo', sorter: true, search: false, fixed: 'left', copyable: true },
    { title: T.store, dataIndex: 'storeId', renderFormItem: () => <StoreSelect />, render: (_, row) => row.storeName ?? '-' },
    { title: T.nurse, dataIndex: 'nurseName', render: (_, row) => (row.nurseName ? `${row.nurseName}（${row.nurseNo ?? ''}）` : '-') },
    { title: T.keyword, dataIndex: 'keyword', hideInTable: true },
    { title: T.customer, dataIndex: 'customerName', search: false, render: (_, row) => row.customerName ?? '-' },
    { title: T.orderNo, dataIndex: 'orderNo', search: false, render: (_, row) => row.orderNo ?? '-' },
    { title: T.serviceForm, dataIndex: 'serviceForm', renderFormItem: () => <DictSelect code={DictCode.nurseServiceType} />, render: (_, row) => <DictTag code={DictCode.nurseServiceType} value={row.serviceForm} /> },
    { title: T.startDate, dataIndex: 'startDate', sorter: true, defaultSortOrder: 'descend', search: false },
    { title: T.endDate, dataIndex: 'endDate', search: false },
    { title: T.days, dataIndex: 'days', search: false, align: 'right' },
    rangeFilter<NurseAssignment>(T.period, 'periodRange', 'from', 'to'),
    { title: T.dailyRate, dataIndex: 'dailyRate', search: false, align: 'right', render: (_, row) => `¥${row.dailyRate}` },
    { title: T.actualStart, dataIndex: 'actualStart', search: false, render: (_, row) => row.actualStart ?? '-' },
    { title: T.actualEnd, dataIndex: 'actualEnd', search: false, render: (_, row) => row.actualEnd ?? '-' },
    {
      title: T.status,
      dataIndex: 'status',
      renderFormItem: () => <DictSelect code="nurse_assignment_status" />,
      render: (_, row) => (
        <ReasonTip label={T.cancelReason} reason={row.status === 'cancelled' ? row.cancelReason : null}>
          <DictTag code="nurse_assignment_status" value={row.status} />
        </ReasonTip>
      ),
    },
    { title: T.replaces, dataIndex: 'replacesNo', search: false, render: (_, row) => row.replacesNo ?? '-' },
    { title: T.address, dataIndex: 'address', search: false, ellipsis: true, width: 160, render: (_, row) => row.address || '-' },
    { title: T.remark, dataIndex: 'remark', search: false, ellipsis: true, width: 160, render: (_, row) => row.remark || '-' },
    { title: T.actions, valueType: 'option', fixed: 'right', render: (_, row) => actions.render(row) },
  ];

  return (
    <div className="nurse-assignment-page">
      <ListTable<NurseAssignment>
        className="nurse-assignment-table"
        actionRef={table}
        contract={nurseAssignmentContract.list}
        access={Permission.nurseAssignmentList}
        noAccess={T.noAccess}
        counted
        columns={columns}
        onDataSourceChange={setShown}
        headerTitle={<Typography.Text strong>{T.menuTitle}</Typography.Text>}
        buttons={[
          <AddButton key="add" action={Permission.nurseAssignmentAdd} onAdd={() => setForm({ row: null })}>
            {T.add}
          </AddButton>,
        ]}
        exportXls={{ path: nurseAssignmentContract.exportXls.path, name: T.menuTitle, action: Permission.nurseAssignmentExport, label: T.export }}
      />
      {actions.modals}
      <NurseAssignmentFormModal open={form !== null} row={form?.row ?? null} onClose={() => setForm(null)} onDone={reload} />
    </div>
  );
}
