import { useState } from 'react';
import { Button, Card, Empty, List, Result, Skeleton, Space, Table, Tabs, Tag, Typography, type TableProps } from 'antd';
import { ProDescriptions, type ProDescriptionsItemProps } from '@ant-design/pro-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { babyContract, customerContract, Permission, ResultCode, type Baby, type Customer, type Customer360, type FollowUp, type Reservation } from '@care/shared';
import {
  CrmText,
  CustomerBabyText,
  CustomerText,
  toMinute
} from '../../components/crm';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { DictTag } from '../../components/dict/DictTag';
import { ApiError } from '../../lib/api-error';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { EditDeleteLinks } from '../../components/table/RowLinks';
import { useServices } from '../../lib/useServices';
import { BabyFormModal } from "../baby/BabyFormModal";
import { CustomerFormModal } from "./CustomerFormModal";
import { FollowUpDrawer } from "../follow-up/FollowUpDrawer";
import { FollowUpMeta } from "../follow-up/FollowUpMeta";
import { VisitBookModal } from "../reservation/VisitBookModal";
import { VisitStatusTag } from "../reservation/VisitStatusTag";
import { VisitText } from "../reservation/visit-text";
import { tradeTabs, TradeLoadFailed, TradeMoneySummary, useCustomerTrade } from './CustomerTrade';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST_PATH = '/crm/customer';

const customer360Key = (id: string) => ['crm', 'customer360', id];

/**
 * 客户 360 (/crm/customer/detail/:id): the profile, babies, follow-ups and visits of one customer, and
 * her transactions (订房预约, 订单, 合同, 应收, 收款, 服务, 变更单) with the money summary.
 * The server answers 404 for a customer outside the caller's data rules; the page then says so.
 */
export function CustomerDetail() {
  const { id = '' } = useParams<{ id: string }>();
  const { request } = useServices();
  const valid = UUID.test(id);
  const view = useQuery({
    queryKey: customer360Key(id),
    // A customer that is gone or outside the caller's data rules gets this page's own 404 state, no notice.
    queryFn: () => request.call(customerContract.view360, { id }, { quietNotFound: true }),
    enabled: valid,
  });

  if (!valid || (view.error instanceof ApiError && view.error.code === ResultCode.notFound)) return <Unavailable status="404" />;
  if (view.error instanceof ApiError && view.error.code === ResultCode.forbidden) return <Unavailable status="403" />;
  if (view.error) {
    return (
      <Result
        status="error"
        title={CustomerText.loadFailed}
        className="customer-detail-error"
        extra={
          <Button type="primary" onClick={() => void view.refetch()}>
            {CustomerText.retry}
          </Button>
        }
      />
    );
  }
  if (!view.data) return <Skeleton active className="customer-detail-loading" />;
  return <CustomerView data={view.data} onChanged={() => void view.refetch()} />;
}

function Unavailable({ status }: { status: '403' | '404' }) {
  return (
    <Result
      status={status}
      title={CustomerText.notFoundTitle}
      subTitle={CustomerText.notFoundText}
      className="customer-detail-unavailable"
      extra={
        <Link to={LIST_PATH}>
          <Button type="primary">{CustomerText.back}</Button>
        </Link>
      }
    />
  );
}

function CustomerView({ data, onChanged }: { data: Customer360; onChanged: () => void }) {
  const { customer } = data;
  const authorized = useAuthorized();
  const [editing, setEditing] = useState(false);
  const [following, setFollowing] = useState(false);
  const [booking, setBooking] = useState(false);
  const trade = useCustomerTrade(customer.id);

  const items = [
    { key: 'profile', label: CustomerText.profileTab, children: <Profile customer={customer} /> },
    ...(authorized(Permission.babyList)
      ? [{ key: 'babies', label: `${CustomerText.babiesTab}（${data.babies.length}）`, children: <Babies customerId={customer.id} babies={data.babies} onChanged={onChanged} /> }]
      : []),
    ...(authorized(Permission.followUpList)
      ? [{ key: 'followUps', label: `${CustomerText.followUpsTab}（${data.followUpTotal}）`, children: <FollowUps data={data} onAdd={() => setFollowing(true)} /> }]
      : []),
    { key: 'visits', label: `${CustomerText.visitsTab}（${data.reservations.length}）`, children: <Visits visits={data.reservations} onBook={() => setBooking(true)} /> },
    ...(trade.data ? tradeTabs(trade.data) : []),
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="customer-detail">
      <Card
        title={
          <Space size="middle" wrap>
            <span className="customer-detail-name">{customer.name}</span>
            <Typography.Text type="secondary" copyable>
              {customer.customerNo}
            </Typography.Text>
            <span className="customer-status" data-status={customer.status}>
              <DictTag code="customer_status" value={customer.status} />
            </span>
            <DictTag code="customer_level" value={customer.level} empty="" />
          </Space>
        }
        extra={
          <Space wrap>
            <Authorized action={Permission.customerEdit}>
              <Button onClick={() => setEditing(true)}>{CrmText.edit}</Button>
            </Authorized>
            <Authorized action={Permission.followUpAdd}>
              <Button onClick={() => setFollowing(true)}>{CustomerText.addFollowUp}</Button>
            </Authorized>
            <Authorized action={Permission.reservationAdd}>
              <Button type="primary" onClick={() => setBooking(true)}>
                {CustomerText.bookVisit}
              </Button>
            </Authorized>
            <Link to={LIST_PATH}>
              <Button>{CustomerText.back}</Button>
            </Link>
          </Space>
        }
      >
        <ProDescriptions<Customer> column={{ xs: 1, sm: 2, lg: 4 }} dataSource={customer} columns={summaryColumns} />
      </Card>
      {trade.data && <TradeMoneySummary trade={trade.data} />}
      {trade.isError && <TradeLoadFailed retry={() => void trade.refetch()} />}
      <Card>
        <Tabs items={items} className="customer-detail-tabs" />
      </Card>
      <CustomerFormModal open={editing} customer={customer} onClose={() => setEditing(false)} onSaved={onChanged} />
      <FollowUpDrawer target={following ? { customerId: customer.id } : null} name={`${customer.name}（${customer.customerNo}）`} onClose={() => setFollowing(false)} onChanged={onChanged} />
      <VisitBookModal target={booking ? { customerId: customer.id } : null} name={customer.name} storeId={customer.storeId} onClose={() => setBooking(false)} onBooked={onChanged} />
    </Space>
  );
}

type DescriptionColumn = ProDescriptionsItemProps<Customer>;

const dash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '-' : value);

const summaryColumns: DescriptionColumn[] = [
  { title: CustomerText.phone, dataIndex: 'phone', render: (_, c) => <span className="customer-detail-phone">{c.phone}</span> },
  { title: CustomerText.owner, dataIndex: 'ownerName', render: (_, c) => dash(c.ownerName) },
  { title: CustomerText.store, dataIndex: 'storeName', render: (_, c) => dash(c.storeName) },
  { title: CustomerText.dueDate, dataIndex: 'dueDate', render: (_, c) => dash(c.dueDate) },
  { title: CustomerText.nextFollowAt, dataIndex: 'nextFollowAt', render: (_, c) => toMinute(c.nextFollowAt) },
  { title: CustomerText.lastFollowAt, dataIndex: 'lastFollowAt', render: (_, c) => toMinute(c.lastFollowAt) },
  { title: CustomerText.lead, dataIndex: 'leadNo', render: (_, c) => dash(c.leadNo) },
  { title: CustomerText.createdAt, dataIndex: 'createdAt', render: (_, c) => toMinute(c.createdAt) },
];

const profileColumns: DescriptionColumn[] = [
  { title: CustomerText.name, dataIndex: 'name' },
  { title: CustomerText.phone, dataIndex: 'phone' },
  { title: CustomerText.wechat, dataIndex: 'wechat', render: (_, c) => dash(c.wechat) },
  { title: CustomerText.idType, dataIndex: 'idType', render: (_, c) => <DictTag code="id_type" value={c.idType} /> },
  {
    title: CustomerText.idNo,
    dataIndex: 'idNo',
    render: (_, c) => (
      <span className="customer-detail-id-no" data-masked={c.idNoMasked}>
        {dash(c.idNo)}
      </span>
    ),
  },
  { title: CustomerText.birthDate, dataIndex: 'birthDate', render: (_, c) => dash(c.birthDate) },
  { title: CustomerText.hometown, dataIndex: 'hometown', render: (_, c) => dash(c.hometown) },
  { title: CustomerText.address, dataIndex: 'address', render: (_, c) => dash(c.address), span: 2 },
  { title: CustomerText.dueDate, dataIndex: 'dueDate', render: (_, c) => dash(c.dueDate) },
  { title: CustomerText.deliveryDate, dataIndex: 'deliveryDate', render: (_, c) => dash(c.deliveryDate) },
  { title: CustomerText.deliveryMode, dataIndex: 'deliveryMode', render: (_, c) => <DictTag code="delivery_mode" value={c.deliveryMode} /> },
  { title: CustomerText.deliveryHospital, dataIndex: 'deliveryHospital', render: (_, c) => dash(c.deliveryHospital) },
  { title: CustomerText.fetusType, dataIndex: 'fetusType', render: (_, c) => <DictTag code="fetus_type" value={c.fetusType} /> },
  { title: CustomerText.parity, dataIndex: 'parity', render: (_, c) => dash(c.parity) },
  { title: CustomerText.companionName, dataIndex: 'companionName', render: (_, c) => dash(c.companionName) },
  { title: CustomerText.companionPhone, dataIndex: 'companionPhone', render: (_, c) => dash(c.companionPhone) },
  { title: CustomerText.emergencyContact, dataIndex: 'emergencyContact', render: (_, c) => dash(c.emergencyContact) },
  { title: CustomerText.emergencyPhone, dataIndex: 'emergencyPhone', render: (_, c) => dash(c.emergencyPhone) },
  { title: CustomerText.dietNotes, dataIndex: 'dietNotes', render: (_, c) => dash(c.dietNotes), span: 2 },
  { title: CustomerText.allergies, dataIndex: 'allergies', render: (_, c) => dash(c.allergies), span: 2 },
  { title: CustomerText.level, dataIndex: 'level', render: (_, c) => <DictTag code="customer_level" value={c.level} /> },
  { title: CustomerText.tags, dataIndex: 'tags', render: (_, c) => <DictTag code="customer_tag" value={c.tags} /> },
  { title: CustomerText.leadChannel, dataIndex: 'leadChannelName', render: (_, c) => dash(c.leadChannelName) },
  { title: CustomerText.channel, dataIndex: 'channelName', render: (_, c) => dash(c.channelName) },
  { title: CustomerText.status, dataIndex: 'status', render: (_, c) => <DictTag code="customer_status" value={c.status} /> },
  { title: CustomerText.owner, dataIndex: 'ownerName', render: (_, c) => dash(c.ownerName) },
  { title: CustomerText.store, dataIndex: 'storeName', render: (_, c) => dash(c.storeName) },
  { title: CustomerText.lead, dataIndex: 'leadNo', render: (_, c) => dash(c.leadNo) },
  { title: CustomerText.updatedAt, dataIndex: 'updatedAt', render: (_, c) => toMinute(c.updatedAt) },
  { title: CustomerText.remark, dataIndex: 'remark', render: (_, c) => dash(c.remark), span: 3 },
];

function Profile({ customer }: { customer: Customer }) {
  return <ProDescriptions<Customer> className="customer-profile" column={{ xs: 1, sm: 2, lg: 3 }} bordered size="small" dataSource={customer} columns={profileColumns} />;
}

function Babies({ customerId, babies, onChanged }: { customerId: string; babies: Baby[]; onChanged: () => void }) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const [editing, setEditing] = useState<{ baby: Baby | null } | null>(null);
  const remove = useMutation({
    mutationFn: (baby: Baby) => request.call(babyContract.delete, { id: baby.id }),
    onSuccess: () => {
      notice(babyContract.delete);
      onChanged();
    },
  });
  return (
    <>
      <SectionTable<Baby>
        add={{ action: Permission.babyAdd, label: CustomerBabyText.add, onClick: () => setEditing({ baby: null }) }}
        empty={CustomerText.noBabies}
        className="customer-babies"
        dataSource={babies}
        columns={[
          { title: CustomerBabyText.name, dataIndex: 'name' },
          { title: CustomerBabyText.gender, dataIndex: 'gender', render: (_, b) => <DictTag code="sex" value={b.gender} /> },
          { title: CustomerBabyText.birthAt, dataIndex: 'birthAt', render: (_, b) => toMinute(b.birthAt) },
          { title: CustomerBabyText.gestationWeeks, dataIndex: 'gestationWeeks', render: (_, b) => (b.gestationWeeks ? `${b.gestationWeeks}周` : '-') },
          { title: CustomerBabyText.birthWeight, dataIndex: 'birthWeight', render: (_, b) => (b.birthWeight ? `${b.birthWeight}${CustomerBabyText.birthWeightSuffix}` : '-') },
          { title: CustomerBabyText.birthLength, dataIndex: 'birthLength', render: (_, b) => (b.birthLength ? `${b.birthLength}${CustomerBabyText.birthLengthSuffix}` : '-') },
          { title: CustomerBabyText.bloodType, dataIndex: 'bloodType', render: (_, b) => <DictTag code="blood_type" value={b.bloodType} /> },
          { title: CustomerBabyText.notes, dataIndex: 'notes', render: (_, b) => dash(b.notes) },
          {
            title: CrmText.actions,
            key: 'actions',
            render: (_, b) => (
              <EditDeleteLinks
                edit={[Permission.babyEdit, () => setEditing({ baby: b })]}
                remove={[Permission.babyDelete, CustomerBabyText.deleteConfirm(b.name), () => remove.mutateAsync(b)]}
              />
            ),
          },
        ]}
      />
      <BabyFormModal customerId={editing ? customerId : null} baby={editing?.baby ?? null} onClose={() => setEditing(null)} onSaved={onChanged} />
    </>
  );
}

function FollowUps({ data, onAdd }: { data: Customer360; onAdd: () => void }) {
  return (
    <>
      <Space style={{ marginBottom: 8 }} wrap>
        <Authorized action={Permission.followUpAdd}>
          <Button type="primary" onClick={onAdd}>
            {CustomerText.addFollowUp}
          </Button>
        </Authorized>
        <Typography.Text type="secondary">{CustomerText.followUpTotal(data.followUps.length, data.followUpTotal)}</Typography.Text>
      </Space>
      <List<FollowUp>
        className="customer-follow-ups"
        dataSource={data.followUps}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={CustomerText.noFollowUps} /> }}
        renderItem={(row) => (
          <List.Item key={row.id} className="customer-follow-up">
            <FollowUpMeta row={row} tag={row.leadId && <Tag color="purple">{CustomerText.fromLead}</Tag>} contentClassName="customer-follow-up-content" />
          </List.Item>
        )}
      />
    </>
  );
}

function Visits({ visits, onBook }: { visits: Reservation[]; onBook: () => void }) {
  return (
    <>
      <SectionTable<Reservation>
        add={{ action: Permission.reservationAdd, label: CustomerText.bookVisit, onClick: onBook }}
        empty={CustomerText.noVisits}
        className="customer-visits"
        dataSource={visits}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: VisitText.reservationNo, dataIndex: 'reservationNo' },
          { title: VisitText.at, dataIndex: 'at', render: (_, v) => toMinute(v.at) },
          { title: VisitText.status, dataIndex: 'status', render: (_, v) => <VisitStatusTag status={v.status} /> },
          { title: VisitText.store, dataIndex: 'storeName', render: (_, v) => dash(v.storeName) },
          { title: VisitText.visitors, dataIndex: 'visitors', render: (_, v) => `${v.visitors}${VisitText.visitorsSuffix}` },
          { title: VisitText.receptionist, dataIndex: 'receptionistName', render: (_, v) => dash(v.receptionistName) },
          { title: VisitText.consultant, dataIndex: 'ownerName', render: (_, v) => dash(v.ownerName) },
          { title: CustomerText.fromLead, key: 'lead', render: (_, v) => (v.leadId ? <Tag color="purple">{CustomerText.fromLead}</Tag> : '-') },
          { title: VisitText.remark, dataIndex: 'remark', render: (_, v) => dash(v.remark) },
          { title: VisitText.cancelReason, dataIndex: 'cancelReason', render: (_, v) => dash(v.cancelReason) },
        ]}
      />
    </>
  );
}

interface SectionTableProps<T> extends Omit<TableProps<T>, 'rowKey' | 'size' | 'pagination' | 'locale'> {
  /** The button above the table, for holders of its action. */
  add: { action: string; label: string; onClick: () => void };
  /** What an empty table says. */
  empty: string;
}

/** A tab's small table of the customer's records (宝宝, 参观), with its add button above. */
function SectionTable<T extends { id: string }>({ add, empty, ...table }: SectionTableProps<T>) {
  return (
    <>
      <Authorized action={add.action}>
        <Button type="primary" style={{ marginBottom: 16 }} onClick={add.onClick}>
          {add.label}
        </Button>
      </Authorized>
      <Table<T> rowKey="id" size="small" pagination={false} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }} {...table} />
    </>
  );
}
