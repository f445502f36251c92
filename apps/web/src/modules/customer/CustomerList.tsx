import { useState } from 'react';
import { Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CUSTOMER_EXPORT_PATH, customerContract, Permission, type Customer, type CustomerListItem } from '@care/shared';
import { RowActions } from '../../components/crud/RowActions';
import { DictSelect } from '../../components/dict/DictSelect';
import { DictTag } from '../../components/dict/DictTag';
import { ListTable, useListReload } from '../../components/crud/ListTable';
import { CrmText, CustomerText, shanghaiNow, StoreSelect } from '../../components/crm';
import { AddButton, dueDateColumns, minuteColumn, nextFollowColumns, rangeFilter } from '../../components/crm/crm-columns';
import { UserSelect } from '../../components/org/UserSelect';
import { useAuthorized } from '../../lib/authorized/index';
import { useServices } from '../../lib/useServices';
import { CustomerFormModal } from "./CustomerFormModal";
import { customerDetailPath } from "./customer-path";
import { FollowUpDrawer } from "../follow-up/FollowUpDrawer";

/** A customer whose next follow-up time has come. */
function isOverdue(customer: CustomerListItem): boolean {
  return customer.nextFollowAt !== null && customer.nextFollowAt <= shanghaiNow();
}

/** 客户 (/crm/customer): the customers a consultant works, within their data rules; ID numbers masked. */
export function CustomerList({ storeId }: { storeId?: string } = {}) {
  const { request } = useServices();
  const authorized = useAuthorized();
  // Picking a consultant searches the company's users.
  const canPickUser = authorized(Permission.userList);
  const [editing, setEditing] = useState<{ customer: Customer | null } | null>(null);
  const [following, setFollowing] = useState<CustomerListItem | null>(null);
  const { table, reload } = useListReload();

  // The list carries only its columns: the form gets the whole customer, as it is now, by id.
  const loadForEdit = useMutation({
    mutationFn: (row: CustomerListItem) => request.call(customerContract.queryById, { id: row.id }),
    onSuccess: (customer) => setEditing({ customer }),
  });

  const columns: ProColumns<CustomerListItem>[] = [
    {
      title: CustomerText.name,
      dataIndex: 'name',
      sorter: true,
      fixed: 'left',
      render: (_, row) => (
        <Link to={customerDetailPath(row.id)} className="customer-name-link">
          {row.name}
        </Link>
      ),
    },
    { title: CustomerText.phone, dataIndex: 'phone', fieldProps: { placeholder: CustomerText.phonePrefix } },
    { title: CustomerText.customerNo, dataIndex: 'customerNo', sorter: true, copyable: true },
    {
      title: CustomerText.status,
      dataIndex: 'status',
      renderFormItem: () => <DictSelect code="customer_status" />,
      render: (_, row) => (
        <span className="customer-status" data-status={row.status}>
          <DictTag code="customer_status" value={row.status} />
        </span>
      ),
    },
    {
      title: CustomerText.level,
      dataIndex: 'level',
      renderFormItem: () => <DictSelect code="customer_level" />,
      render: (_, row) => <DictTag code="customer_level" value={row.level} />,
    },
    { title: CustomerText.tags, dataIndex: 'tags', search: false, render: (_, row) => <DictTag code="customer_tag" value={row.tags} /> },
    {
      title: CustomerText.owner,
      dataIndex: 'ownerId',
      hideInTable: true,
      hideInSearch: !canPickUser,
      renderFormItem: () => <UserSelect />,
    },
    { title: CustomerText.owner, dataIndex: 'ownerName', search: false, render: (_, row) => row.ownerName ?? '-' },
    { title: CustomerText.store, dataIndex: 'storeId', hideInSearch: Boolean(storeId), renderFormItem: () => <StoreSelect />, render: (_, row) => row.storeName ?? '-' },
    {
      title: CustomerText.idNo,
      dataIndex: 'idNo',
      search: false,
      render: (_, row) =>
        row.idNo ? (
          <span className="customer-id-no">
            <DictTag code="id_type" value={row.idType} /> {row.idNo}
          </span>
        ) : (
          '-'
        ),
    },
    ...dueDateColumns<CustomerListItem>(CustomerText.dueDate),
    ...nextFollowColumns(CustomerText, 'customer-next-follow', isOverdue),
    minuteColumn<CustomerListItem>(CustomerText.lastFollowAt, 'lastFollowAt'),
    minuteColumn<CustomerListItem>(CustomerText.createdAt, 'createdAt'),
    rangeFilter<CustomerListItem>(CustomerText.createdAt, 'createdRange', 'createdFrom', 'createdTo'),
    {
      title: CrmText.actions,
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { key: 'detail', label: CustomerText.detail, element: <Link to={customerDetailPath(row.id)}>{CustomerText.detail}</Link> },
            { key: 'followUp', label: CustomerText.followUp, permission: Permission.followUpList, onClick: () => setFollowing(row) },
            {
              key: 'edit',
              label: CrmText.edit,
              permission: Permission.customerEdit,
              element: loadForEdit.isPending && loadForEdit.variables?.id === row.id ? <Typography.Text type="secondary">{CrmText.edit}…</Typography.Text> : undefined,
              onClick: () => loadForEdit.mutate(row),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListTable<CustomerListItem>
        className="customer-table"
        actionRef={table}
        contract={customerContract.list}
        access={Permission.customerList}
        noAccess={<Typography.Text type="secondary">{CrmText.noAccess}</Typography.Text>}
        counted
        fixedFilters={storeId ? { storeId } : undefined}
        columns={columns}
        headerTitle={CustomerText.title}
        exportXls={{ path: CUSTOMER_EXPORT_PATH, name: CustomerText.title, action: Permission.customerExport, label: CustomerText.export }}
        buttonsEnd={[
          <AddButton key="add" action={Permission.customerAdd} onAdd={() => setEditing({ customer: null })}>
            {CustomerText.add}
          </AddButton>,
        ]}
      />
      <CustomerFormModal open={editing !== null} customer={editing?.customer ?? null} onClose={() => setEditing(null)} onSaved={reload} />
      <FollowUpDrawer
        target={following ? { customerId: following.id } : null}
        name={following ? `${following.name}（${following.customerNo}）` : undefined}
        onClose={() => setFollowing(null)}
        onChanged={reload}
      />
    </>
  );
}
