import { useState } from 'react';
import { Button, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { Permission, securityGroupContract, type SecurityGroup } from '@care/shared';
import { Authorized } from '../../lib/authorized/index';
import { RowActions } from '../../components/crud/RowActions';
import { enabledColumn } from '../../components/crm/EnabledTag';
import { ListTable, useListReload } from '../../components/crud/ListTable';
import { GroupFormModal } from './GroupFormModal';
import { GroupMembersModal } from './GroupMembersModal';
import { GroupPermissionsDrawer } from './GroupPermissionsDrawer';
import { groupText, type GroupNoun } from './group-text';

/**
 * The 安全组 and 角色 pages: one list of the company's security groups with add, edit, members and
 * permissions, each behind its action.
 */
export function SecurityGroupAdmin({ noun }: { noun: GroupNoun }) {
  const text = groupText(noun);
  const { table, reload } = useListReload();
  const [editing, setEditing] = useState<{ group: SecurityGroup | null } | null>(null);
  const [membersOf, setMembersOf] = useState<SecurityGroup | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<SecurityGroup | null>(null);

  const columns: ProColumns<SecurityGroup>[] = [
    { title: text.code, dataIndex: 'code', sorter: true, copyable: true },
    { title: text.name, dataIndex: 'name', sorter: true },
    { title: text.description, dataIndex: 'description', search: false, ellipsis: true },
    {
      title: text.allPermissions,
      dataIndex: 'allPermissions',
      search: false,
      render: (_, row) => (row.allPermissions ? <Tag color="gold">{text.allPermissionsTag}</Tag> : '-'),
    },
    enabledColumn<SecurityGroup>(text.enabled),
    { title: text.createdAt, dataIndex: 'createdAt', search: false, sorter: true },
    {
      title: text.actions,
      valueType: 'option',
      render: (_, row) => (
        <RowActions
          actions={[
            { key: 'edit', label: text.edit, permission: Permission.groupEdit, onClick: () => setEditing({ group: row }) },
            { key: 'members', label: text.members, permission: Permission.groupMembers, onClick: () => setMembersOf(row) },
            { key: 'permissions', label: text.permissions, permission: Permission.groupPermissions, onClick: () => setPermissionsOf(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListTable<SecurityGroup>
        className="security-group-table"
        actionRef={table}
        columns={columns}
        contract={securityGroupContract.listSysSecurityGroup}
        access={Permission.groupList}
        search={{ labelWidth: 'auto' }}
        scroll={undefined}
        dateFormatter="string"
        headerTitle={noun}
        buttons={[
          <Authorized key="add" action={Permission.groupAdd}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ group: null })}>
              {text.add}
            </Button>
          </Authorized>,
        ]}
      />
      <GroupFormModal
        noun={noun}
        open={editing !== null}
        group={editing?.group ?? null}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
      <GroupMembersModal noun={noun} group={membersOf} onClose={() => setMembersOf(null)} />
      <GroupPermissionsDrawer noun={noun} group={permissionsOf} onClose={() => setPermissionsOf(null)} />
    </>
  );
}
