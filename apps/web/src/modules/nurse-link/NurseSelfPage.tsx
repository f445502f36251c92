import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Avatar, Button, Card, Empty, Form, Input, Modal, Popconfirm, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXPIRY_FLAG_LABELS,
  NURSE_LINK_TOKEN_PATTERN,
  nurseSelfContract,
  type NurseSelfCertificate,
  type NurseSelfCertificateSave,
  type NurseSelfLeave,
  type NurseSelfLeaveAdd,
  type NurseSelfProfile,
} from '@care/shared';
import { lazyMessage } from '../../lib/ui';
import { readRuntimeConfig } from '../../lib/runtime-config';
import type { RequestClient } from '../../lib/request';
import { schemaRule } from '../../lib/schema-rule';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { LinkImage, LinkImageUpload } from './LinkImage';
import { createLinkRequest } from './link-request';
import { NurseSelfText as T } from './nurse-link-text';

const PAGE_STYLE = { maxWidth: 480, margin: '0 auto', padding: 12, minHeight: '100vh', background: '#f5f5f5' } as const;
const FLAG_COLORS = { expired: 'red', expiring: 'orange' } as const;

/**
 * /uniapp/EditXfMonthlyNurseUniapp?token=…: the nurse's own page on her phone, without staff
 * sign-in. Every call carries the link's token; an invalid, expired or revoked link shows one
 * full-page message and nothing else.
 */
export function NurseSelfPage() {
  useDocumentTitle(T.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [invalid, setInvalid] = useState(() => !NURSE_LINK_TOKEN_PATTERN.test(token));
  const runtimeConfig = useMemo(() => readRuntimeConfig(), []);
  const client = useMemo(
    () => (runtimeConfig ? createLinkRequest({ runtimeConfig, token, onInvalid: () => setInvalid(true), notify: ({ description }) => lazyMessage.error(description) }) : null),
    [runtimeConfig, token],
  );
  return (
    <App>
      <div style={PAGE_STYLE} className="nurse-self-page">
        {invalid || !client ? <InvalidLink /> : <NurseSelf client={client} />}
      </div>
    </App>
  );
}

function InvalidLink() {
  return <Result status="warning" title={T.invalidTitle} subTitle={T.invalidHint} style={{ paddingTop: 96 }} />;
}

function NurseSelf({ client }: { client: RequestClient }) {
  const profile = useQuery({ queryKey: ['nurseSelf'], queryFn: () => client.call(nurseSelfContract.profile), retry: false });
  if (profile.isLoading) return <Spin size="large" style={{ display: 'block', paddingTop: 160 }} />;
  if (!profile.data) {
    return (
      <Result
        status="error"
        title={T.loadFailed}
        extra={
          <Button type="primary" onClick={() => void profile.refetch()}>
            {T.retry}
          </Button>
        }
      />
    );
  }
  const p = profile.data;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Header client={client} profile={p} />
      <ContactCard client={client} profile={p} />
      <CertificatesCard client={client} profile={p} />
      <LeavesCard client={client} profile={p} />
    </Space>
  );
}

function useReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['nurseSelf'] });
}

/** A mutation through the link: its success text, then the page read again. */
function useLinkMutation<V>(fn: (values: V) => Promise<unknown>, success: string | undefined, after?: () => void) {
  const reload = useReload();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      if (success) void message.success(success);
      after?.();
      await reload();
    },
  });
}

function Header({ client, profile }: { client: RequestClient; profile: NurseSelfProfile }) {
  return (
    <Card size="small">
      <Space size={12} align="center">
        {profile.photo ? <LinkImage client={client} path={profile.photo} alt={T.photo} size={64} /> : <Avatar size={64} icon={<UserOutlined />} />}
        <div>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="nurse-name">
            {profile.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {T.nurseNo} {profile.nurseNo} · {T.level} {profile.levelLabel}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {T.linkUntil(profile.linkExpiresAt)}
            </Typography.Text>
          </div>
        </div>
      </Space>
    </Card>
  );
}

interface ContactValues {
  phone: string;
  photo: string;
}

function ContactCard({ client, profile }: { client: RequestClient; profile: NurseSelfProfile }) {
  const [form] = Form.useForm<ContactValues>();
  const save = useLinkMutation((v: ContactValues) => client.call(nurseSelfContract.contact, { ...v, version: profile.version }), nurseSelfContract.contact.successMessage);
  const values = () => ({ ...form.getFieldsValue(), version: profile.version });
  return (
    <Card size="small" title={T.contact}>
      <Form
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={{ phone: profile.phone, photo: profile.photo }}
        key={profile.version}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="phone" label={T.phone} rules={[schemaRule(nurseSelfContract.contact.body, 'phone', values, true)]}>
          <Input inputMode="numeric" maxLength={11} />
        </Form.Item>
        <Form.Item name="photo" label={T.photo}>
          <LinkImageUpload client={client} label={T.photo} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={save.isPending}>
          {T.save}
        </Button>
      </Form>
    </Card>
  );
}

function CertificatesCard({ client, profile }: { client: RequestClient; profile: NurseSelfProfile }) {
  const [editing, setEditing] = useState<NurseSelfCertificate | 'new' | null>(null);
  const remove = useLinkMutation((id: string) => client.call(nurseSelfContract.removeCertificate, { id }), nurseSelfContract.removeCertificate.successMessage);
  return (
    <Card
      size="small"
      title={T.certificates}
      extra={
        <Button type="link" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {T.addCertificate}
        </Button>
      }
    >
      {profile.certificates.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.noCertificates} />
      ) : (
        <Space direction="vertical" size={8} style={{ width: '100%' }}>
          {profile.certificates.map((c) => (
            <div key={c.id} data-testid="certificate" style={{ display: 'flex', gap: 12, padding: 8, border: '1px solid #f0f0f0', borderRadius: 8, background: '#fff' }}>
              <LinkImage client={client} path={c.image} alt={c.name || c.kindLabel} size={72} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Space size={4} wrap>
                  <Typography.Text strong>{c.name || c.kindLabel}</Typography.Text>
                  {c.flag && <Tag color={FLAG_COLORS[c.flag]}>{EXPIRY_FLAG_LABELS[c.flag]}</Tag>}
                </Space>
                <div style={{ fontSize: 13, color: '#595959' }}>
                  <div>{c.kindLabel}</div>
                  {c.certNo && (
                    <div>
                      {T.certNo}：{c.certNo}
                    </div>
                  )}
                  <div>
                    {T.expiresOn}：{c.expiresOn ?? T.noExpiry}
                  </div>
                </div>
                <Space size={16} style={{ marginTop: 4 }}>
                  <Typography.Link onClick={() => setEditing(c)}>{T.edit}</Typography.Link>
                  <Popconfirm title={T.removeCertConfirm} okText={T.ok} cancelText={T.cancel} onConfirm={() => remove.mutateAsync(c.id).catch(() => undefined)}>
                    <Typography.Link type="danger">{T.remove}</Typography.Link>
                  </Popconfirm>
                </Space>
              </div>
            </div>
          ))}
        </Space>
      )}
      {editing && <CertificateDialog client={client} kinds={profile.certificateKinds} certificate={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

type CertificateValues = Omit<NurseSelfCertificateSave, 'id' | 'version'>;

function CertificateDialog({
  client,
  kinds,
  certificate,
  onClose,
}: {
  client: RequestClient;
  kinds: NurseSelfProfile['certificateKinds'];
  certificate: NurseSelfCertificate | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CertificateValues>();
  const withKey = (v: CertificateValues): NurseSelfCertificateSave => (certificate ? { ...v, id: certificate.id, version: certificate.version } : v);
  const save = useLinkMutation((v: CertificateValues) => client.call(nurseSelfContract.saveCertificate, withKey(v)), nurseSelfContract.saveCertificate.successMessage, onClose);
  const values = () => withKey(form.getFieldsValue());
  const rule = (field: string, required = false) => schemaRule(nurseSelfContract.saveCertificate.body, field, values, required);
  // A kind no longer in the dictionary still shows as itself.
  const options = certificate && !kinds.some((k) => k.value === certificate.kind) ? [...kinds, { value: certificate.kind, label: certificate.kindLabel }] : kinds;
  return (
    <Modal
      open
      title={certificate ? T.editCertificate : T.addCertificate}
      okText={T.save}
      cancelText={T.cancel}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => save.mutate(v), () => undefined)}
      destroyOnHidden
      width="calc(100vw - 24px)"
      style={{ maxWidth: 460, top: 12 }}
    >
      <Form
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={{
          kind: certificate?.kind,
          name: certificate?.name ?? '',
          certNo: certificate?.certNo ?? '',
          issuedOn: certificate?.issuedOn ?? '',
          expiresOn: certificate?.expiresOn ?? '',
          image: certificate?.image ?? '',
        }}
      >
        <Form.Item name="kind" label={T.kind} rules={[rule('kind', true)]}>
          <Select options={options} placeholder={T.kind} />
        </Form.Item>
        <Form.Item name="name" label={T.certName} rules={[rule('name')]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="certNo" label={T.certNo} rules={[rule('certNo')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="issuedOn" label={T.issuedOn} rules={[rule('issuedOn')]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="expiresOn" label={T.expiresOn} rules={[rule('expiresOn')]} dependencies={['issuedOn']}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="image" label={T.image}>
          <LinkImageUpload client={client} label={T.image} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function LeavesCard({ client, profile }: { client: RequestClient; profile: NurseSelfProfile }) {
  const [adding, setAdding] = useState(false);
  const remove = useLinkMutation((id: string) => client.call(nurseSelfContract.removeLeave, { id }), nurseSelfContract.removeLeave.successMessage);
  return (
    <Card
      size="small"
      title={T.leaves}
      extra={
        <Button type="link" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {T.addLeave}
        </Button>
      }
    >
      {profile.leaves.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.noLeaves} />
      ) : (
        <Space direction="vertical" size={8} style={{ width: '100%' }}>
          {profile.leaves.map((l) => (
            <LeaveRow key={l.id} leave={l} onRemove={() => remove.mutateAsync(l.id).catch(() => undefined)} />
          ))}
        </Space>
      )}
      {adding && <LeaveDialog client={client} today={profile.today} onClose={() => setAdding(false)} />}
    </Card>
  );
}

const dayCount = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

function LeaveRow({ leave, onRemove }: { leave: NurseSelfLeave; onRemove: () => void }) {
  return (
    <div data-testid="leave" style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: 8, border: '1px solid #f0f0f0', borderRadius: 8, background: '#fff' }}>
      <div>
        <div>
          {leave.startDate} ~ {leave.endDate}（{T.leaveDays(dayCount(leave.startDate, leave.endDate))}）
        </div>
        {leave.reason && <Typography.Text type="secondary">{leave.reason}</Typography.Text>}
      </div>
      {leave.removable && (
        <Popconfirm title={T.removeLeaveConfirm} okText={T.ok} cancelText={T.cancel} onConfirm={onRemove}>
          <Typography.Link type="danger">{T.withdraw}</Typography.Link>
        </Popconfirm>
      )}
    </div>
  );
}

function LeaveDialog({ client, today, onClose }: { client: RequestClient; today: string; onClose: () => void }) {
  const [form] = Form.useForm<NurseSelfLeaveAdd>();
  const save = useLinkMutation((v: NurseSelfLeaveAdd) => client.call(nurseSelfContract.addLeave, v), nurseSelfContract.addLeave.successMessage, onClose);
  const values = () => form.getFieldsValue();
  const rule = (field: string, required = false) => schemaRule(nurseSelfContract.addLeave.body, field, values, required);
  return (
    <Modal
      open
      title={T.addLeave}
      okText={T.save}
      cancelText={T.cancel}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => save.mutate(v), () => undefined)}
      destroyOnHidden
      width="calc(100vw - 24px)"
      style={{ maxWidth: 460, top: 12 }}
    >
      <Form form={form} layout="vertical" autoComplete="off" initialValues={{ startDate: '', endDate: '', reason: '' }}>
        <Form.Item name="startDate" label={T.startDate} rules={[rule('startDate', true)]}>
          <Input type="date" min={today} />
        </Form.Item>
        <Form.Item name="endDate" label={T.endDate} rules={[rule('endDate', true)]} dependencies={['startDate']}>
          <Input type="date" min={today} />
        </Form.Item>
        <Form.Item name="reason" label={T.reason} rules={[rule('reason')]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
