import { useRef, useState } from 'react';
import { App, Button, Input, Modal, Popconfirm, Space, Tag } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { securityGroupContract, type GroupMember, type SecurityGroup } from '@care/shared';
import { useMutation } from '@tanstack/react-query';
import { proTableRequest } from '../../components/crud/pro-table-request';
import { RowActions } from '../../components/crud/RowActions';
import type { RequestClient } from '../../lib/request';
import { useServices } from '../../lib/useServices';
import type { GroupNoun } from './group-text';
import { listRequest } from '../../components/crud/list-access';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';

export const GroupMembersText = {
  title: (noun: GroupNoun, name: string) => `${noun}成员：${name}`,
  addTitle: (name: string) => `添加用户到：${name}`,
  search: '搜索账号、姓名或手机号',
  add: '添加用户',
  remove: '移除',
  removeSelected: '批量移除',
  removeConfirm: (name: string) => `确定将「${name}」移出吗？移出后立即失去该组授予的权限。`,
  removeSelectedConfirm: (n: number) => `确定将选中的 ${n} 个用户移出吗？移出后立即失去该组授予的权限。`,
  chooseFirst: '请选择要添加的用户!',
  username: '账号',
  firstName: '姓名',
  phone: '手机号',
  department: '部门',
  status: '状态',
  actions: '操作',
  enabled: '正常',
  disabled: '禁用',
  close: '关闭',
} as const;

const columns: ProColumns<GroupMember>[] = [
  { title: GroupMembersText.username, dataIndex: 'username', sorter: true },
  { title: GroupMembersText.firstName, dataIndex: 'firstName', sorter: true },
  { title: GroupMembersText.phone, dataIndex: 'phone' },
  { title: GroupMembersText.department, dataIndex: 'departmentName' },
  {
    title: GroupMembersText.status,
    dataIndex: 'status',
    render: (_, row) => (row.status === 'enabled' ? <Tag color="green">{GroupMembersText.enabled}</Tag> : <Tag color="red">{GroupMembersText.disabled}</Tag>),
  },
];

// ProTable keeps `keyword` for its own toolbar search (and the adapter drops it): ours travels as `search`.
const listUsers = (request: RequestClient) =>
  listRequest(
    proTableRequest(request, securityGroupContract.listSysSecurityGroupUsers, {
      mapFilters: ({ search, ...query }) => (search ? { ...query, keyword: search } : query),
    }),
  );

interface GroupMembersModalProps {
  noun: GroupNoun;
  group: SecurityGroup | null;
  onClose: () => void;
}

/** 分配用户: the group's members (remove one or several) and a picker of the company's other users. */
export function GroupMembersModal({ noun, group, onClose }: GroupMembersModalProps) {
  const { request } = useServices();
  const { message } = App.useApp();
  const members = useRef<ActionType>(undefined);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);

  const notice = useSuccessNotice();
  const remove = useMutation({
    mutationFn: (userIds: string[]) => request.call(securityGroupContract.removeSysSecurityGroupUsers, { groupId: group!.id, userIds }),
    onSuccess: () => {
      notice(securityGroupContract.removeSysSecurityGroupUsers);
      setSelected([]);
      void members.current?.reload();
    },
  });

  if (!group) return null;
  return (
    <Modal open title={GroupMembersText.title(noun, group.name)} width={900} onCancel={onClose} footer={<Button onClick={onClose}>{GroupMembersText.close}</Button>} destroyOnHidden>
      <ProTable<GroupMember>
        className="group-members-table"
        rowKey="id"
        actionRef={members}
        columns={[
          ...columns,
          {
            title: GroupMembersText.actions,
            valueType: 'option',
            render: (_, row) => (
              <RowActions
                actions={[
                  {
                    key: 'remove',
                    label: GroupMembersText.remove,
                    confirm: GroupMembersText.removeConfirm(row.firstName || row.username),
                    onClick: () => remove.mutateAsync([row.id]).catch(() => undefined),
                  },
                ]}
              />
            ),
          },
        ]}
        params={{ groupId: group.id, member: true, search: keyword }}
        request={listUsers(request)}
        search={false}
        options={false}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        tableAlertRender={false}
        toolBarRender={() => [
          <Input.Search key="search" allowClear placeholder={GroupMembersText.search} onSearch={(v) => setKeyword(v.trim())} style={{ width: 240 }} />,
          <Popconfirm
            key="remove"
            title={GroupMembersText.removeSelectedConfirm(selected.length)}
            disabled={selected.length === 0}
            onConfirm={() => remove.mutateAsync(selected).catch(() => undefined)}
          >
            <Button danger disabled={selected.length === 0} loading={remove.isPending}>
              {GroupMembersText.removeSelected}
            </Button>
          </Popconfirm>,
          <Button key="add" type="primary" onClick={() => setPicking(true)}>
            {GroupMembersText.add}
          </Button>,
        ]}
      />
      {picking && (
        <PickUsersModal
          group={group}
          onClose={() => setPicking(false)}
          onAdded={() => {
            setPicking(false);
            void members.current?.reload();
          }}
          warnEmpty={() => void message.warning(GroupMembersText.chooseFirst)}
        />
      )}
    </Modal>
  );
}

function PickUsersModal({ group, onClose, onAdded, warnEmpty }: { group: SecurityGroup; onClose: () => void; onAdded: () => void; warnEmpty: () => void }) {
  const { request } = useServices();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const notice = useSuccessNotice();
  const add = useMutation({
    mutationFn: () => request.call(securityGroupContract.addSysSecurityGroupUsers, { groupId: group.id, userIds: chosen }),
    onSuccess: () => {
      notice(securityGroupContract.addSysSecurityGroupUsers);
      onAdded();
    },
  });
  const submit = () => {
    if (chosen.length === 0) return warnEmpty();
    add.mutate();
  };
  return (
    <Modal open title={GroupMembersText.addTitle(group.name)} width={800} onCancel={onClose} onOk={submit} confirmLoading={add.isPending} destroyOnHidden>
      <ProTable<GroupMember>
        className="group-candidates-table"
        rowKey="id"
        columns={columns}
        params={{ groupId: group.id, member: false, search: keyword }}
        request={listUsers(request)}
        search={false}
        options={false}
        pagination={{ defaultPageSize: 10 }}
        rowSelection={{ selectedRowKeys: chosen, preserveSelectedRowKeys: true, onChange: (keys) => setChosen(keys.map(String)) }}
        tableAlertRender={({ selectedRowKeys }) => <Space>已选 {selectedRowKeys.length} 个用户</Space>}
        tableAlertOptionRender={false}
        toolBarRender={() => [<Input.Search key="search" allowClear placeholder={GroupMembersText.search} onSearch={(v) => setKeyword(v.trim())} style={{ width: 240 }} />]}
      />
    </Modal>
  );
}
