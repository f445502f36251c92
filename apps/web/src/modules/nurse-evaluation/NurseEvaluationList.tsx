import { useState } from 'react';
import { Rate, Space, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { NURSE_EVALUATION_ASPECT_LABELS, NURSE_EVALUATION_ASPECTS, nurseEvaluationContract, Permission, type NurseEvaluation } from '@care/shared';
import { StoreSelect, toMinute } from '../../components/crm';
import { AddButton, rangeFilter } from '../../components/crm/crm-columns';
import { ListTable, useListReload } from '../../components/crud/ListTable';
import { RowActions } from '../../components/crud/RowActions';
import { NurseEvaluationModal, type EvaluationTarget } from './NurseEvaluationModal';
import { NurseEvaluationPageText as T } from './nurse-evaluation-text';

const stars = (value: number | null | undefined) => (value ? <Rate disabled value={value} style={{ fontSize: 14 }} /> : '-');

/** 月嫂评价 (/serve/nurseEvaluation): one per 已完成 派工单, with the nurse's rating as it stands. */
export function NurseEvaluationList() {
  const { table, reload } = useListReload();
  const [target, setTarget] = useState<EvaluationTarget>(null);

  const columns: ProColumns<NurseEvaluation>[] = [
    { title: T.assignmentNo, dataIndex: 'assignmentNo', search: false, fixed: 'left', copyable: true },
    { title: T.store, dataIndex: 'storeId', renderFormItem: () => <StoreSelect />, render: (_, row) => row.storeName ?? '-' },
    { title: T.nurse, dataIndex: 'nurseName', render: (_, row) => (row.nurseName ? `${row.nurseName}（${row.nurseNo ?? ''}）` : '-') },
    {
      title: T.nurseRating,
      dataIndex: 'nurseRating',
      search: false,
      render: (_, row) =>
        row.nurseRating ? (
          <Space size={4} className="nurse-evaluation-rating">
            <Rate disabled allowHalf value={Math.round(Number(row.nurseRating) * 2) / 2} style={{ fontSize: 14 }} />
            <Typography.Text>{row.nurseRating}</Typography.Text>
          </Space>
        ) : (
          '-'
        ),
    },
    { title: T.keyword, dataIndex: 'keyword', hideInTable: true },
    { title: T.customer, dataIndex: 'customerName', search: false, render: (_, row) => row.customerName ?? '-' },
    { title: T.overall, dataIndex: 'overall', sorter: true, valueType: 'select', valueEnum: { 1: '1星', 2: '2星', 3: '3星', 4: '4星', 5: '5星' }, render: (_, row) => stars(row.overall) },
    ...NURSE_EVALUATION_ASPECTS.map((a): ProColumns<NurseEvaluation> => ({ title: NURSE_EVALUATION_ASPECT_LABELS[a], dataIndex: ['aspects', a], search: false, render: (_, row) => stars(row.aspects[a]) })),
    { title: T.comment, dataIndex: 'comment', search: false, ellipsis: true, width: 200, render: (_, row) => row.comment || '-' },
    { title: T.evaluatedAt, dataIndex: 'evaluatedAt', sorter: true, defaultSortOrder: 'descend', search: false, render: (_, row) => toMinute(row.evaluatedAt) },
    rangeFilter<NurseEvaluation>(T.evaluatedDate, 'evaluatedRange', 'from', 'to'),
    {
      title: T.actions,
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => <RowActions actions={[{ key: 'edit', label: T.edit, permission: Permission.nurseEvaluationEdit, onClick: () => setTarget({ kind: 'edit', row }) }]} />,
    },
  ];

  return (
    <div className="nurse-evaluation-page">
      <ListTable<NurseEvaluation>
        className="nurse-evaluation-table"
        actionRef={table}
        contract={nurseEvaluationContract.list}
        access={Permission.nurseEvaluationList}
        noAccess={T.noAccess}
        counted
        columns={columns}
        headerTitle={<Typography.Text strong>{T.menuTitle}</Typography.Text>}
        buttons={[
          <AddButton key="add" action={Permission.nurseEvaluationAdd} onAdd={() => setTarget({ kind: 'add' })}>
            {T.add}
          </AddButton>,
        ]}
        exportXls={{ path: nurseEvaluationContract.exportXls.path, name: T.menuTitle, action: Permission.nurseEvaluationExport, label: T.export }}
      />
      <NurseEvaluationModal target={target} onClose={() => setTarget(null)} onDone={reload} />
    </div>
  );
}
