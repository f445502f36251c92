import { useState } from 'react';
import { Button, Popconfirm, Space, Tabs, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { canMoveLead, LEAD_EXPORT_PATH, leadContract, Permission, type Lead } from '@care/shared';
import { RowActions, type RowAction } from '../../components/crud/RowActions';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { DictSelect } from '../../components/dict/DictSelect';
import { DictTag } from '../../components/dict/DictTag';
import { ListTable, useListReload } from '../../components/crud/ListTable';
import {
  ChannelSelect,
  CrmText,
  LeadChannelSelect,
  LeadConvertText,
  LeadText,
  StoreSelect,
  shanghaiNow
} from '../../components/crm';
import { AddButton, dueDateColumns, minuteColumn, nextFollowColumns, rangeFilter } from '../../components/crm/crm-columns';
import { ReasonTip } from '../../components/crm/ReasonTip';
import { UserSelect } from '../../components/org/UserSelect';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { useServices } from '../../lib/useServices';
import { FollowUpDrawer } from "../follow-up/FollowUpDrawer";
import { LeadCloseModal, LeadOwnerModal, type OwnerMove } from "./LeadActionModals";
import { LeadConvertModal } from "./LeadConvertModal";
import { LeadFormModal } from "./LeadFormModal";
import { LeadImportModal, LeadImportModalText } from "./LeadImportModal";
import { LeadStatusTag } from "./LeadStatusTag";
import { customerDetailPath } from "../customer/customer-path";
import { VisitBookModal } from "../reservation/VisitBookModal";
import { VisitText } from "../reservation/visit-text";

type Mode = 'list' | 'pool';

/** 线索 (/crm/lead): the leads a consultant works (within their data rules), and the pool (公海). */
export function LeadList() {
  const authorized = useAuthorized();
  const canPool = authorized(Permission.leadPool);
  const [tab, setTab] = useState<Mode>('list');
  const items = [
    { key: 'list', label: LeadText.listTab, children: <LeadTable mode="list" /> },
    ...(canPool ? [{ key: 'pool', label: LeadText.poolTab, children: <LeadTable mode="pool" /> }] : []),
  ];
  return <Tabs className="lead-tabs" activeKey={tab} onChange={(key) => setTab(key as Mode)} items={items} destroyOnHidden />;
}

/** An open lead whose next follow-up time has come. */
function isOverdue(lead: Lead): boolean {
  return lead.nextFollowAt !== null && canMoveLead(lead.status, 'followUp') && lead.nextFollowAt <= shanghaiNow();
}

function LeadTable({ mode }: { mode: Mode }) {
  const { request } = useServices();
  const authorized = useAuthorized();
  const pool = mode === 'pool';
  // Picking a consultant searches the company's users.
  const canPickUser = authorized(Permission.userList);
  const notice = useSuccessNotice();
  const [selected, setSelected] = useState<Lead[]>([]);
  const [editing, setEditing] = useState<{ lead: Lead | null } | null>(null);
  const [following, setFollowing] = useState<Lead | null>(null);
  const [ownerMove, setOwnerMove] = useState<{ kind: OwnerMove; leads: Lead[] } | null>(null);
  const [closing, setClosing] = useState<Lead | null>(null);
  const [booking, setBooking] = useState<Lead | null>(null);
  const [converting, setConverting] = useState<Lead | null>(null);
  const { table, reload } = useListReload();
  const [importing, setImporting] = useState(false);

  const done = () => {
    setSelected([]);
    table.current?.clearSelected?.();
    reload();
  };

  const release = useMutation({
    mutationFn: (leads: Lead[]) => request.call(leadContract.release, { ids: leads.map((l) => l.id) }),
    onSuccess: () => {
      notice(leadContract.release);
      done();
    },
  });
  const claim = useMutation({
    mutationFn: (leads: Lead[]) => request.call(leadContract.claim, { ids: leads.map((l) => l.id) }),
    onSuccess: () => {
      notice(leadContract.claim);
      done();
    },
  });


  const owned = (lead: Lead) => lead.ownerId !== null;
  // Each move is offered only while the lead's status allows it; the fourth and later go under 更多.
  const actionsOf = (row: Lead): RowAction[] => [
    { key: 'followUp', label: LeadText.followUp, permission: Permission.followUpList, onClick: () => setFollowing(row) },
    ...(pool
      ? [
          {
            key: 'claim',
            label: LeadText.claim,
            permission: Permission.leadClaim,
            hidden: !canMoveLead(row.status, 'claim'),
            confirm: LeadText.claimConfirm(row.name),
            onClick: () => claim.mutateAsync([row]).catch(() => undefined),
          },
          {
            key: 'assign',
            label: LeadText.assign,
            permission: Permission.leadAssign,
            hidden: !canPickUser || !canMoveLead(row.status, 'assign'),
            onClick: () => setOwnerMove({ kind: 'assign', leads: [row] }),
          },
        ]
      : [
          { key: 'edit', label: CrmText.edit, permission: Permission.leadEdit, hidden: !canMoveLead(row.status, 'edit'), onClick: () => setEditing({ lead: row }) },
          { key: 'book', label: VisitText.book, permission: Permission.reservationAdd, hidden: !canMoveLead(row.status, 'bookVisit'), onClick: () => setBooking(row) },
          { key: 'convert', label: LeadConvertText.action, permission: Permission.leadConvert, hidden: !canMoveLead(row.status, 'convert'), onClick: () => setConverting(row) },
          {
            key: 'open360',
            label: LeadConvertText.open360,
            permission: Permission.customerList,
            hidden: !row.customerId,
            element: row.customerId ? <Link to={customerDetailPath(row.customerId)}>{LeadConvertText.open360}</Link> : undefined,
          },
          {
            key: 'owner',
            label: owned(row) ? LeadText.transfer : LeadText.assign,
            permission: owned(row) ? Permission.leadTransfer : Permission.leadAssign,
            hidden: !canPickUser || !canMoveLead(row.status, 'transfer'),
            onClick: () => setOwnerMove({ kind: owned(row) ? 'transfer' : 'assign', leads: [row] }),
          },
          {
            key: 'release',
            label: LeadText.release,
            permission: Permission.leadRelease,
            hidden: !owned(row) || !canMoveLead(row.status, 'release'),
            confirm: LeadText.releaseConfirm(row.name),
            onClick: () => release.mutateAsync([row]).catch(() => undefined),
          },
          { key: 'close', label: LeadText.close, permission: Permission.leadLost, hidden: !canMoveLead(row.status, 'lose'), danger: true, onClick: () => setClosing(row) },
        ]),
  ];

  const columns: ProColumns<Lead>[] = [
    { title: LeadText.name, dataIndex: 'name', sorter: true, fixed: 'left', render: (_, row) => <a onClick={() => setFollowing(row)}>{row.name}</a> },
    { title: LeadText.phone, dataIndex: 'phone', fieldProps: { placeholder: '手机号开头' } },
    { title: LeadText.leadNo, dataIndex: 'leadNo', sorter: true, copyable: true },
    {
      title: LeadText.owner,
      dataIndex: 'ownerId',
      hideInTable: true,
      hideInSearch: pool || !canPickUser,
      renderFormItem: () => <UserSelect />,
    },
    {
      title: LeadText.intentionGrade,
      dataIndex: 'intentionGrade',
      sorter: true,
      renderFormItem: () => <DictSelect code="intention_grade" />,
      render: (_, row) => <DictTag code="intention_grade" value={row.intentionGrade} />,
    },
    {
      title: LeadText.status,
      dataIndex: 'status',
      hideInSearch: pool,
      renderFormItem: () => <DictSelect code="lead_status" />,
      render: (_, row) => (
        <ReasonTip label={LeadText.closeReason} reason={row.closeReason}>
          <LeadStatusTag status={row.status} />
        </ReasonTip>
      ),
    },
    { title: LeadText.owner, dataIndex: 'ownerName', search: false, hideInTable: pool, render: (_, row) => row.ownerName ?? <Typography.Text type="secondary">{LeadText.pool}</Typography.Text> },
    {
      title: LeadText.leadChannel,
      dataIndex: 'leadChannelId',
      renderFormItem: () => <LeadChannelSelect />,
      render: (_, row) => row.leadChannelName ?? '-',
    },
    { title: LeadText.channel, dataIndex: 'channelId', renderFormItem: () => <ChannelSelect />, render: (_, row) => row.channelName ?? '-' },
    {
      title: LeadText.preferredStore,
      dataIndex: 'preferredStoreId',
      renderFormItem: () => <StoreSelect />,
      render: (_, row) => row.preferredStoreName ?? '-',
    },
    ...dueDateColumns<Lead>(LeadText.dueDate),
    ...nextFollowColumns(LeadText, 'lead-next-follow', isOverdue),
    minuteColumn<Lead>(LeadText.lastFollowAt, 'lastFollowAt'),
    pool ? minuteColumn<Lead>(LeadText.releasedAt, 'releasedAt') : minuteColumn<Lead>(LeadText.createdAt, 'createdAt'),
    rangeFilter<Lead>(LeadText.createdAt, 'createdRange', 'createdFrom', 'createdTo'),
    {
      title: CrmText.actions,
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => <RowActions actions={actionsOf(row)} />,
    },
  ];

  const batchActions = pool
    ? [
        authorized(Permission.leadClaim) && (
          <Popconfirm key="claim" title={LeadText.claimManyConfirm(selected.length)} onConfirm={() => claim.mutateAsync(selected).catch(() => undefined)}>
            <a>{LeadText.batchClaim}</a>
          </Popconfirm>
        ),
        canPickUser && authorized(Permission.leadAssign) && (
          <a key="assign" onClick={() => setOwnerMove({ kind: 'assign', leads: selected })}>
            {LeadText.batchAssign}
          </a>
        ),
      ]
    : [
        canPickUser && authorized(Permission.leadTransfer) && (
          <a key="transfer" onClick={() => setOwnerMove({ kind: 'transfer', leads: selected })}>
            {LeadText.batchTransfer}
          </a>
        ),
        authorized(Permission.leadRelease) && (
          <Popconfirm key="release" title={LeadText.releaseManyConfirm(selected.length)} onConfirm={() => release.mutateAsync(selected).catch(() => undefined)}>
            <a>{LeadText.batchRelease}</a>
          </Popconfirm>
        ),
      ];
  const visibleBatch = batchActions.filter(Boolean);

  return (
    <>
      <ListTable<Lead>
        className={pool ? 'lead-pool-table' : 'lead-table'}
        actionRef={table}
        contract={pool ? leadContract.poolList : leadContract.list}
        access={pool ? Permission.leadPool : Permission.leadList}
        noAccess={CrmText.noAccess}
        counted
        columns={columns}
        headerTitle={pool ? LeadText.poolTab : LeadText.title}
        rowSelection={visibleBatch.length ? { onChange: (_, rows) => setSelected(rows) } : false}
        tableAlertRender={({ selectedRowKeys }) => LeadText.selected(selectedRowKeys.length)}
        tableAlertOptionRender={() => <Space size="middle">{visibleBatch}</Space>}
        buttons={
          pool
            ? []
            : [
                <Authorized key="import" action={Permission.leadImport}>
                  <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                    {LeadImportModalText.button}
                  </Button>
                </Authorized>,
              ]
        }
        exportXls={pool ? undefined : { path: LEAD_EXPORT_PATH, name: LeadText.title, action: Permission.leadExport, label: LeadText.export }}
        buttonsEnd={
          pool
            ? []
            : [
                <AddButton key="add" action={Permission.leadAdd} onAdd={() => setEditing({ lead: null })}>
                  {LeadText.add}
                </AddButton>,
              ]
        }
      />
      <LeadFormModal open={editing !== null} lead={editing?.lead ?? null} onClose={() => setEditing(null)} onSaved={reload} />
      <FollowUpDrawer
        target={following ? { leadId: following.id } : null}
        name={following ? `${following.name}（${following.leadNo}）` : undefined}
        canAdd={following !== null && canMoveLead(following.status, 'followUp')}
        onClose={() => setFollowing(null)}
        onChanged={reload}
      />
      <LeadOwnerModal move={ownerMove} onClose={() => setOwnerMove(null)} onDone={done} />
      <LeadCloseModal lead={closing} onClose={() => setClosing(null)} onDone={reload} />
      <LeadImportModal open={importing} onClose={() => setImporting(false)} onImported={reload} />
      <VisitBookModal
        target={booking ? { leadId: booking.id } : null}
        name={booking ? `${booking.name}（${booking.leadNo}）` : undefined}
        storeId={booking?.preferredStoreId}
        onClose={() => setBooking(null)}
        onBooked={reload}
      />
      <LeadConvertModal lead={converting} onClose={() => setConverting(null)} onConverted={reload} />
    </>
  );
}
