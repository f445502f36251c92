import { useState } from 'react';
import { Modal, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { Permission, SERVICE_SUBJECT_LABELS, serviceOrderContract, serviceOrderExportContract, type ServiceOrder } from '@care/shared';
import { StoreSelect, toMinute } from '../../components/crm';
import { AddButton, minuteColumn, rangeFilter } from '../../components/crm/crm-columns';
import { ReasonTip } from '../../components/crm/ReasonTip';
import { DictSelect } from '../../components/dict/DictSelect';
import { DictTag } from '../../components/dict/DictTag';
import { ListTable, useListReload } from '../../components/crud/ListTable';
import { UserSelect } from '../../components/org/UserSelect';
import { useAuthorized } from '../../lib/authorized/index';
import { AllowancePanel, useAllowance } from './AllowancePanel';
import { useServiceOrderActions } from './ServiceOrderActions';
import { ServiceOrderAddModal } from './ServiceOrderAddModal';
import { ServiceOrderPageText as T } from './service-order-text';

/** 服务单 (/serve/serviceOrder): services under orders in the caller's data scope, moved by state. */
export function ServiceOrderList({ storeId }: { storeId?: string } = {}) {
  const authorized = useAuthorized();
  const { table, reload } = useListReload();
  const [adding, setAdding] = useState(false);
  const [allowanceOf, setAllowanceOf] = useState<ServiceOrder | null>(null);
  const allowance = useAllowance(allowanceOf?.orderId);
  const actions = useServiceOrderActions(reload, setAllowanceOf);

  const columns: ProColumns<ServiceOrder>[] = [
    { title: T.serviceNo, dataIndex: 'serviceNo', sorter: true, fixed: 'left', copyable: true },
    { title: T.customer, dataIndex: 'customerName', render: (_, row) => row.customerName ?? '-' },
    { title: T.orderNo, dataIndex: 'orderNo', render: (_, row) => row.orderNo ?? '-' },
    { title: T.store, dataIndex: 'storeId', hideInSearch: Boolean(storeId), renderFormItem: () => <StoreSelect />, render: (_, row) => row.storeName ?? '-' },
    {
      title: T.subject,
      dataIndex: 'subject',
      renderFormItem: () => <DictSelect code="service_subject" />,
      render: (_, row) => (row.subject === 'baby' ? `${SERVICE_SUBJECT_LABELS.baby}${row.babyName ? `（${row.babyName}）` : ''}` : SERVICE_SUBJECT_LABELS.mother),
    },
    { title: T.serviceItem, dataIndex: 'serviceItem', renderFormItem: () => <DictSelect code="service_item" />, render: (_, row) => <DictTag code="service_item" value={row.serviceItem} /> },
    { title: T.source, dataIndex: 'source', renderFormItem: () => <DictSelect code="service_source" />, render: (_, row) => <DictTag code="service_source" value={row.source} /> },
    { title: T.quantity, dataIndex: 'quantity', search: false, align: 'right' },
    { title: T.scheduledAt, dataIndex: 'scheduledAt', sorter: true, defaultSortOrder: 'descend', search: false, render: (_, row) => toMinute(row.scheduledAt) },
    rangeFilter<ServiceOrder>(T.scheduledDate, 'scheduledRange', 'dateFrom', 'dateTo'),
    {
      title: T.executor,
      dataIndex: 'executorId',
      hideInSearch: !authorized(Permission.userList),
      renderFormItem: () => <UserSelect />,
      render: (_, row) => row.executorName ?? '-',
    },
    {
      title: T.status,
      dataIndex: 'status',
      renderFormItem: () => <DictSelect code="service_order_status" />,
      render: (_, row) => (
        <ReasonTip label={T.cancelReason} reason={row.status === 'cancelled' ? row.cancelReason : null}>
          <DictTag code="service_order_status" value={row.status} />
        </ReasonTip>
      ),
    },
    { title: T.result, dataIndex: 'result', search: false, ellipsis: true, width: 160, render: (_, row) => row.result || '-' },
    { title: T.consumables, dataIndex: 'consumables', search: false, render: (_, row) => row.consumables.map((c) => `${c.name}×${c.quantity}`).join('、') || '-' },
    minuteColumn<ServiceOrder>(T.completedAt, 'completedAt'),
    { title: T.remark, dataIndex: 'remark', search: false, ellipsis: true, width: 160, render: (_, row) => row.remark || '-' },
    { title: T.actions, valueType: 'option', fixed: 'right', render: (_, row) => actions.render(row) },
  ];

  return (
    <div className="service-order-page">
      <ListTable<ServiceOrder>
        className="service-order-table"
        actionRef={table}
        contract={serviceOrderContract.list}
        access={Permission.serviceOrderList}
        noAccess={T.noAccess}
        counted
        fixedFilters={storeId ? { storeId } : undefined}
        columns={columns}
        headerTitle={<Typography.Text strong>{T.menuTitle}</Typography.Text>}
        buttons={[
          <AddButton key="add" action={Permission.serviceOrderAdd} onAdd={() => setAdding(true)}>
            {T.add}
          </AddButton>,
        ]}
        exportXls={{ path: serviceOrderExportContract.path, name: T.menuTitle, action: Permission.serviceOrderExport, label: T.export }}
      />
      {actions.modals}
      <ServiceOrderAddModal open={adding} onClose={() => setAdding(false)} onDone={reload} />
      <Modal open={allowanceOf !== null} title={allowanceOf ? T.allowanceOf(allowanceOf.orderNo ?? '') : T.allowance} footer={null} onCancel={() => setAllowanceOf(null)} destroyOnHidden className="service-allowance-modal">
        <AllowancePanel allowance={allowance.data} loading={allowance.isLoading} />
      </Modal>
    </div>
  );
}
