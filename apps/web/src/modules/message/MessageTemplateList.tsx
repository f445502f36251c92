import { useState } from 'react';
import { Alert, Input, Radio, Select, Typography } from 'antd';
import { MESSAGE_CHANNELS, MessageChannelLabel, messageTemplateContract, messageTemplateResource, PRIORITIES, PriorityLabel, type MessageChannel, type MessageTemplate, type Priority } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { HtmlEditor } from '../../components/message/HtmlEditor';
import { TemplatePageText as text } from '../../components/message/message-text';
import { PriorityTag } from '../../components/message/PriorityTag';
import { TestSendModal } from './TestSendModal';

/** The body's widget: the placeholder hint above the HTML editor (with its preview). */
function TemplateBodyInput(props: { id?: string; value?: string; onChange?: (value: string) => void }) {
  return (
    <>
      <Alert type="info" showIcon message={text.placeholderHint} style={{ marginBottom: 8 }} />
      <HtmlEditor rows={8} {...props} />
    </>
  );
}

/** 消息模板 (/message/template): templates with `${name}` placeholders, and a test send to oneself. */
export function MessageTemplateList() {
  const [testing, setTesting] = useState<MessageTemplate | null>(null);
  return (
    <>
      <ResourceTable
        resource={messageTemplateResource}
        contracts={messageTemplateContract}
        className="template-table"
        title={text.title}
        addLabel={text.add}
        columns={{
          code: { copyable: true },
          channel: { render: (_, row) => MessageChannelLabel[row.channel as MessageChannel] },
          title: {
            render: (_, row) => (
              <Typography.Text ellipsis={{ tooltip: String(row.title) }} style={{ maxWidth: 260 }}>
                {String(row.title)}
              </Typography.Text>
            ),
          },
          priority: { render: (_, row) => <PriorityTag priority={row.priority as Priority} /> },
        }}
        extraColumns={[{ title: text.createTime, dataIndex: 'createdAt', search: false, sorter: true, defaultSortOrder: 'descend', render: (_, row) => String(row.createTime) }]}
        deleteConfirm={() => text.confirmDelete}
        rowActions={(row) => [{ key: 'testSend', label: text.testSend, permission: messageTemplateContract.testSend.access, onClick: () => setTesting(row as unknown as MessageTemplate) }]}
        form={{
          inputs: {
            code: <Input placeholder={text.codePlaceholder} maxLength={64} />,
            channel: <Select options={MESSAGE_CHANNELS.map((c) => ({ value: c, label: MessageChannelLabel[c] }))} />,
            priority: <Radio.Group options={PRIORITIES.map((p) => ({ value: p, label: PriorityLabel[p].text }))} />,
            body: <TemplateBodyInput />,
          },
        }}
      />
      <TestSendModal template={testing} onClose={() => setTesting(null)} />
    </>
  );
}
