import { useState } from 'react';
import { Button, DatePicker, Drawer, Form, Input, Modal, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { monthlyNurseContract as C, nurseCertificateValuesSchema, type MonthlyNurse, type NurseCertificate } from '@care/shared';
import { RowActions } from '../../components/crud/RowActions';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { DATE_FORMAT, textDateProps } from '../../components/crm';
import { DictSelect } from '../../components/dict/DictSelect';
import { DictTag } from '../../components/dict/DictTag';
import { StoredImage } from '../../components/image/StoredImage';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { ExpiryFlagTag } from './ExpiryTags';
import { MonthlyNurseText as text } from './monthly-nurse-text';

interface FormValues {
  kind?: string;
  name?: string;
  certNo?: string;
  issuedOn?: string | null;
  expiresOn?: string | null;
  image?: string;
}

/** 证书 of a nurse: the list with each one's 已过期 / 即将过期 flag, and add / edit / delete. */
export function NurseCertificateDrawer({ nurse, onClose, onChanged }: { nurse: MonthlyNurse | null; onClose: () => void; onChanged?: () => void }) {
  const { request } = useServices();
  const client = useQueryClient();
  const notice = useSuccessNotice();
  const allowed = useAuthorized();
  const [form] = Form.useForm<FormValues>();
  const [editing, setEditing] = useState<{ row: NurseCertificate | null } | null>(null);
  const key = ['monthlyNurse', 'certificates', nurse?.id ?? 'none'];
  const list = useQuery({ queryKey: key, queryFn: () => request.call(C.certificateList, { nurseId: nurse!.id }), enabled: nurse !== null && allowed(C.certificateList.access) });

  const changed = () => {
    void client.invalidateQueries({ queryKey: key });
    onChanged?.();
  };
  const sent = (v: FormValues) => ({ kind: v.kind ?? '', name: v.name ?? '', certNo: v.certNo ?? '', issuedOn: v.issuedOn ?? null, expiresOn: v.expiresOn ?? null, image: v.image ?? '' });
  const save = useMutation({
    mutationFn: (v: FormValues) =>
      editing?.row ? request.call(C.certificateEdit, { id: editing.row.id, version: editing.row.version, ...sent(v) }) : request.call(C.certificateAdd, { nurseId: nurse!.id, ...sent(v) }),
    onSuccess: () => {
      notice(editing?.row ? C.certificateEdit : C.certificateAdd);
      setEditing(null);
      changed();
    },
  });
  const remove = useMutation({
    mutationFn: (row: NurseCertificate) => request.call(C.certificateDelete, { id: row.id }),
    onSuccess: () => {
      notice(C.certificateDelete);
      changed();
    },
  });

  const open = (row: NurseCertificate | null) => {
    form.resetFields();
    if (row) form.setFieldsValue({ kind: row.kind, name: row.name, certNo: row.certNo, issuedOn: row.issuedOn, expiresOn: row.expiresOn, image: row.image });
    setEditing({ row });
  };
  const rule = (field: keyof FormValues, required = false) => schemaRule(nurseCertificateValuesSchema, field, () => sent(form.getFieldsValue()), required);

  return (
    <Drawer open={nurse !== null} onClose={onClose} width={820} title={nurse ? text.certificatesOf(nurse.name) : text.certificates} destroyOnHidden className="nurse-certificate-drawer">
      <Space style={{ marginBottom: 12 }}>
        <Authorized action={C.certificateAdd.access}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
            {text.addCertificate}
          </Button>
        </Authorized>
      </Space>
      <Table<NurseCertificate>
        className="nurse-certificate-table"
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: text.noCertificates }}
        columns={[
          { title: text.certKind, dataIndex: 'kind', render: (_, row) => <DictTag code="nurse_certificate" value={row.kind} /> },
          { title: text.certName, dataIndex: 'name', render: (v: string) => v || '-' },
          { title: text.certNo, dataIndex: 'certNo', render: (v: string) => v || '-' },
          { title: text.issuedOn, dataIndex: 'issuedOn', render: (v: string | null) => v ?? '-' },
          { title: text.expiresOn, dataIndex: 'expiresOn', render: (v: string | null) => v ?? '-' },
          { title: text.flag, dataIndex: 'flag', render: (_, row) => <ExpiryFlagTag flag={row.flag} /> },
          { title: text.image, dataIndex: 'image', render: (_, row) => (row.image ? <StoredImage path={row.image} style={{ width: 40, height: 40 }} /> : '-') },
          {
            title: text.actions,
            key: 'actions',
            render: (_, row) => (
              <RowActions
                actions={[
                  { key: 'edit', label: text.edit, permission: C.certificateEdit.access, onClick: () => open(row) },
                  { key: 'delete', label: text.delete, permission: C.certificateDelete.access, danger: true, confirm: text.certDeleteConfirm, onClick: () => remove.mutate(row) },
                ]}
              />
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing?.row ? text.editCertificate : text.addCertificate}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={text.save}
        cancelText={text.cancel}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name="nurseCertificateForm" className="nurse-certificate-form" onFinish={(v) => save.mutate(v)} preserve={false}>
          <Form.Item name="kind" label={text.certKind} rules={[rule('kind', true)]}>
            <DictSelect code="nurse_certificate" />
          </Form.Item>
          <Form.Item name="name" label={text.certName} rules={[rule('name')]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="certNo" label={text.certNo} rules={[rule('certNo')]}>
            <Input maxLength={64} />
          </Form.Item>
          <Space size="large">
            <Form.Item name="issuedOn" label={text.issuedOn} rules={[rule('issuedOn')]} {...textDateProps(DATE_FORMAT)}>
              <DatePicker style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="expiresOn" label={text.expiresOn} rules={[rule('expiresOn')]} {...textDateProps(DATE_FORMAT)}>
              <DatePicker style={{ width: 200 }} />
            </Form.Item>
          </Space>
          <Form.Item name="image" label={text.image}>
            <ImageUpload biz="nurse" />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
