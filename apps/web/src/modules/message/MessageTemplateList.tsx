import { useRef, useState } from 'react';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import { MessageChannelLabel, messageTemplateContract, Permission, type MessageTemplate } from '@care/shared';
import { proTableRequest } from '../../components/crud/pro-table-request';
import { TemplatePageText as text } from '../../components/message/message-text';
import { PriorityTag } from '../../components/message/PriorityTag';
import { TemplateFormModal } from './TemplateFormModal';
import { TestSendModal } from './TestSendModal';
import { ListAccessText, whenAllowed } from '../../components/crud/list-access';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { useServices } from '../../lib/useServices';

/** 消息模板 (/message/template): templates with `${name}` placeholders, and a test send to oneself. */
export function MessageTemplateList() {
  const { request } = useServices();
  const { message } = App.useApp();
  const authorized = useAuthorized();
  const table = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<{ template: MessageTemplate | null } | null>(null);
  const [testing, setTesting] = useState<MessageTemplate | null>(null);
  const canList = authorized(Permission.messageTemplateList);
  const reload = () => void table.current?.reload();

  const remove = useMutation({
    mutationFn: (row: MessageTemplate) => request.call(messageTemplateContract.delete, { id: row.id }),
    onSuccess: () => {
      void message.success(messageTemplateContract.delete.successMessage);
      reload();
    },
  });

  const columns: ProColumns<MessageTemplate>[] = [
    { title: text.code, dataIndex: 'code', sorter: true, copyable: true },
    { title: text.name, dataIndex: 'name', sorter: true },
    { title: text.channel, dataIndex: 'channel', search: false, render: (_, row) => MessageChannelLabel[row.channel] },
    {
      title: text.templateTitle,
      dataIndex: 'title',
      search: false,
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: row.title }} style={{ maxWidth: 260 }}>
          {row.title}
        </Typography.Text>
      ),
    },
    { title: text.priority, dataIndex: 'priority', search: false, render: (_, row) => <PriorityTag priority={row.priority} /> },
    {
      title: text.enabled,
      dataIndex: 'enabled',
      search: false,
      render: (_, row) => (row.enabled ? <Tag color="green">{text.on}</Tag> : <Tag>{text.off}</Tag>),
    },
    { title: text.createTime, dataIndex: 'createTime', search: false, sorter: true, defaultSortOrder: 'descend' },
    {
      title: text.actions,
      valueType: 'option',
      render: (_, row) => (
        <Space size="middle" className="template-row-actions">
          <Authorized action={Permission.messageTemplateEdit}>
            <a onClick={() => setEditing({ template: row })}>{text.edit}</a>
          </Authorized>
          <Authorized action={Permission.messageTemplateTestSend}>
            <a onClick={() => setTesting(row)}>{text.testSend}</a>
          </Authorized>
          <Authorized action={Permission.messageTemplateDelete}>
            <Popconfirm title={text.confirmDelete} onConfirm={() => remove.mutateAsync(row).catch(() => undefined)}>
              <Typography.Link type="danger">{text.delete}</Typography.Link>
            </Popconfirm>
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProTable<MessageTemplate>
        className="template-table"
        rowKey="id"
        actionRef={table}
        columns={columns}
        request={whenAllowed(canList, proTableRequest(request, messageTemplateContract.list))}
        locale={canList ? undefined : { emptyText: ListAccessText.noAccess }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        dateFormatter="string"
        headerTitle={text.title}
        toolBarRender={() => [
          <Authorized key="add" action={Permission.messageTemplateAdd}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ template: null })}>
              {text.add}
            </Button>
          </Authorized>,
        ]}
      />
      <TemplateFormModal open={editing !== null} template={editing?.template ?? null} onClose={() => setEditing(null)} onSaved={reload} />
      <TestSendModal template={testing} onClose={() => setTesting(null)} />
    </>
  );
}
