import { useRef, useState } from 'react';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { messageRecordContract, PRIORITIES, PriorityLabel, type MessageRecord } from '@care/shared';
import { ListTable } from '../../components/crud/ListTable';
import { RowActions } from '../../components/crud/RowActions';
import { MessageRecordText as text } from '../../components/message/message-text';
import { NoticeDetailModal } from '../../components/message/NoticeDetailModal';
import { PriorityTag } from '../../components/message/PriorityTag';
import { useServices } from '../../lib/useServices';

/** 我的消息 (/food/messageRecord): the caller's messages, read and unread; open to every signed-in user. */
export function MessageRecordList() {
  const { request } = useServices();
  const { message: toast } = App.useApp();
  const navigate = useNavigate();
  const table = useRef<ActionType>(undefined);
  const [selected, setSelected] = useState<string[]>([]);
  // The message shown, and whether it was unread when opened (去处理 is offered then, spec §2).
  const [viewing, setViewing] = useState<{ message: MessageRecord; wasUnread: boolean } | null>(null);
  const reload = () => void table.current?.reload();

  const markRead = useMutation({
    mutationFn: (ids: string[]) => request.call(messageRecordContract.markRead, { ids }),
    onSuccess: () => {
      setSelected([]);
      reload();
    },
  });
  const readAll = useMutation({
    mutationFn: () => request.call(messageRecordContract.readAll, {}),
    onSuccess: () => {
      void toast.success(messageRecordContract.readAll.successMessage);
      reload();
    },
  });

  const open = (message: MessageRecord) => {
    setViewing({ message, wasUnread: message.readFlag === '0' });
    if (message.readFlag === '0') markRead.mutate([message.id]);
  };

  const columns: ProColumns<MessageRecord>[] = [
    {
      title: text.titile,
      dataIndex: 'titile',
      render: (_, row) => (
        <Typography.Link className="message-title" strong={row.readFlag === '0'} onClick={() => open(row)}>
          {row.titile}
        </Typography.Link>
      ),
    },
    {
      title: text.priority,
      dataIndex: 'priority',
      valueType: 'select',
      valueEnum: Object.fromEntries(PRIORITIES.map((p) => [p, { text: PriorityLabel[p].text }])),
      render: (_, row) => <PriorityTag priority={row.priority} />,
    },
    { title: text.sender, dataIndex: 'sender', search: false },
    { title: text.sendTime, dataIndex: 'sendTime', search: false, sorter: true, defaultSortOrder: 'descend' },
    {
      title: text.readFlag,
      dataIndex: 'readFlag',
      valueType: 'select',
      valueEnum: { '0': { text: text.unread }, '1': { text: text.read } },
      render: (_, row) => (row.readFlag === '1' ? <Tag>{text.read}</Tag> : <Tag color="blue">{text.unread}</Tag>),
    },
    { title: text.readTime, dataIndex: 'readTime', search: false, render: (_, row) => row.readTime ?? '-' },
    {
      title: text.actions,
      valueType: 'option',
      render: (_, row) => <RowActions actions={[{ key: 'view', label: text.view, onClick: () => open(row) }]} />,
    },
  ];

  const message = viewing?.message ?? null;
  const canHandle = Boolean(viewing?.wasUnread && message?.openType === 'url' && message.openPage);

  return (
    <>
      <ListTable<MessageRecord>
        className="message-record-table"
        actionRef={table}
        columns={columns}
        contract={messageRecordContract.list}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
          getCheckboxProps: (row) => ({ disabled: row.readFlag === '1' }),
        }}
        tableAlertRender={false}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={undefined}
        dateFormatter="string"
        headerTitle={text.title}
        buttons={[
          <Button key="mark" disabled={selected.length === 0} loading={markRead.isPending} onClick={() => markRead.mutate(selected)}>
            {text.markRead}
          </Button>,
          <Popconfirm key="all" title={text.confirmReadAll} onConfirm={() => readAll.mutateAsync().catch(() => undefined)}>
            <Button type="primary" loading={readAll.isPending}>
              {text.readAll}
            </Button>
          </Popconfirm>,
        ]}
      />
      <NoticeDetailModal
        notice={message}
        onClose={() => setViewing(null)}
        footer={
          <Space>
            {canHandle && (
              <Button
                type="primary"
                onClick={() => {
                  setViewing(null);
                  void navigate(message!.openPage!);
                }}
              >
                {text.goHandle}
              </Button>
            )}
            <Button onClick={() => setViewing(null)}>{text.close}</Button>
          </Space>
        }
      />
    </>
  );
}
