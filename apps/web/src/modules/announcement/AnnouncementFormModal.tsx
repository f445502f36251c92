import { useEffect, useMemo, useState } from 'react';
import { App, Form, Input, Modal, Radio, Select, TreeSelect } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  announcementContract,
  announcementCreateSchema,
  AudienceTypeLabel,
  AUDIENCE_TYPES,
  OPEN_TYPES,
  PRIORITIES,
  PriorityLabel,
  type Announcement,
  type AnnouncementCreate,
  type AudienceType,
  type OpenType,
  type Priority,
} from '@care/shared';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { HtmlEditor } from '../../components/message/HtmlEditor';
import { AnnouncementPageText as text, OpenTypeLabel } from '../../components/message/message-text';

interface FormValues {
  titile: string;
  msgContent: string;
  priority: Priority;
  audienceType: AudienceType;
  departmentIds?: string[];
  userIds?: string[];
  openType?: OpenType | null;
  openPage?: string;
  busId?: string;
}

function toBody(values: Partial<FormValues>): AnnouncementCreate {
  const openType = values.openType ?? null;
  return {
    titile: values.titile ?? '',
    msgContent: values.msgContent ?? '',
    priority: values.priority ?? 'L',
    audienceType: values.audienceType ?? 'all',
    departmentIds: values.audienceType === 'departments' ? (values.departmentIds ?? []) : [],
    userIds: values.audienceType === 'users' ? (values.userIds ?? []) : [],
    openType,
    openPage: openType ? (values.openPage ?? '').trim() || null : null,
    busId: values.busId?.trim() || null,
  };
}

interface AnnouncementFormModalProps {
  open: boolean;
  /** The announcement being edited; none to compose a new one. */
  announcement: Announcement | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Compose or edit an announcement (draft or revoked); fields checked by the shared schema. */
export function AnnouncementFormModal({ open, announcement, onClose, onSaved }: AnnouncementFormModalProps) {
  const { request } = useServices();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const audienceType = Form.useWatch('audienceType', form);
  const openType = Form.useWatch('openType', form);
  const [keyword, setKeyword] = useState('');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setKeyword('');
    form.setFieldsValue(
      announcement
        ? {
            titile: announcement.titile,
            msgContent: announcement.msgContent,
            priority: announcement.priority,
            audienceType: announcement.audienceType,
            departmentIds: announcement.departmentIds,
            userIds: announcement.userIds,
            openType: announcement.openType,
            openPage: announcement.openPage ?? undefined,
            busId: announcement.busId ?? undefined,
          }
        : { priority: 'L', audienceType: 'all', msgContent: '' },
    );
  }, [open, announcement, form]);

  const options = useQuery({
    queryKey: ['announcement-audience', keyword, announcement?.id ?? null],
    queryFn: () => request.call(announcementContract.audienceOptions, { keyword: keyword || undefined, userIds: announcement?.userIds ?? [] }),
    enabled: open,
    placeholderData: (previous) => previous,
  });

  const departmentTree = useMemo(
    () => (options.data?.departments ?? []).map((d) => ({ id: d.id, pId: d.parentId ?? 0, value: d.id, title: d.name })),
    [options.data?.departments],
  );
  const userOptions = useMemo(
    () =>
      (options.data?.users ?? []).map((u) => ({
        value: u.id,
        label: `${u.firstName || u.username}（${u.username}${u.departmentName ? ` · ${u.departmentName}` : ''}）`,
      })),
    [options.data?.users],
  );

  const save = useMutation({
    mutationFn: (body: AnnouncementCreate) =>
      announcement ? request.call(announcementContract.edit, { ...body, id: announcement.id, version: announcement.version }) : request.call(announcementContract.add, body),
    onSuccess: () => {
      void message.success((announcement ? announcementContract.edit : announcementContract.add).successMessage);
      onSaved();
      onClose();
    },
  });

  const rule = (field: keyof AnnouncementCreate, required = false) => schemaRule(announcementCreateSchema, field, () => toBody(form.getFieldsValue(true)), required);

  const submit = async () => {
    const values = await form.validateFields();
    save.mutate(toBody(values));
  };

  return (
    <Modal
      open={open}
      title={announcement ? text.editTitle : text.add}
      width={860}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={text.ok}
      cancelText={text.cancel}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} name="announcement" labelCol={{ span: 4 }} wrapperCol={{ span: 19 }} autoComplete="off" className="announcement-form">
        <Form.Item name="titile" label={text.titile} rules={[rule('titile', true)]}>
          <Input placeholder={text.titilePlaceholder} maxLength={100} />
        </Form.Item>
        <Form.Item name="priority" label={text.priority} rules={[rule('priority', true)]}>
          <Radio.Group options={PRIORITIES.map((p) => ({ value: p, label: PriorityLabel[p].text }))} />
        </Form.Item>
        <Form.Item name="audienceType" label={text.audience} rules={[rule('audienceType', true)]}>
          <Radio.Group options={AUDIENCE_TYPES.map((a) => ({ value: a, label: AudienceTypeLabel[a] }))} />
        </Form.Item>
        {audienceType === 'departments' && (
          <Form.Item name="departmentIds" label={text.departments} rules={[rule('departmentIds', true)]}>
            <TreeSelect
              treeDataSimpleMode
              treeData={departmentTree}
              multiple
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              placeholder={text.departmentsPlaceholder}
              loading={options.isLoading}
            />
          </Form.Item>
        )}
        {audienceType === 'users' && (
          <Form.Item name="userIds" label={text.users} rules={[rule('userIds', true)]}>
            <Select
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={setKeyword}
              options={userOptions}
              placeholder={text.usersPlaceholder}
              loading={options.isFetching}
            />
          </Form.Item>
        )}
        <Form.Item name="openType" label={text.openType}>
          <Select allowClear placeholder={text.openTypeNone} options={OPEN_TYPES.map((o) => ({ value: o, label: OpenTypeLabel[o] }))} />
        </Form.Item>
        {openType && (
          <Form.Item name="openPage" label={text.openPage} rules={[rule('openPage', true)]}>
            <Input placeholder={openType === 'url' ? text.openPagePlaceholderUrl : text.openPagePlaceholderComponent} maxLength={255} />
          </Form.Item>
        )}
        <Form.Item name="busId" label={text.busId} rules={[rule('busId')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="msgContent" label={text.content} rules={[rule('msgContent', true)]}>
          <HtmlEditor rows={10} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
