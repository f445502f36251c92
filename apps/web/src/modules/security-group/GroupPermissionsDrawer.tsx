import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Drawer, Empty, Input, Popconfirm, Space, Spin, Switch, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import {
  securityGroupContract,
  SecurityGroupText,
  type PermissionTreeNode,
  type SecurityGroup,
} from '@care/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../lib/useServices';
import { branchKeys, filterTree, indexTree, knownIds, toggleChecked } from '../../components/security/permission-tree';
import type { GroupNoun } from './group-text';
import { usePermissionTree } from '../../components/security/usePermissionTree';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';

export const GroupPermissionsText = {
  title: (noun: GroupNoun, name: string) => `${noun}权限配置：${name}`,
  search: '搜索菜单或按钮',
  linked: '关联上下级',
  checkAll: '全部勾选',
  clearAll: '取消全选',
  expandAll: '展开全部',
  collapseAll: '折叠全部',
  save: '保存',
  cancel: '取消',
  chosen: (n: number) => `已选 ${n} 项`,
  linkedHelp: '开启时：勾选按钮会同时勾选它所在的菜单，勾选菜单会同时勾选它下面的子菜单和按钮。',
  clearConfirm: '确定取消全部已选的菜单和按钮吗？保存后才会生效。',
  noMatch: '没有匹配的菜单或按钮',
  button: '按钮',
} as const;

interface GroupPermissionsDrawerProps {
  noun: GroupNoun;
  group: SecurityGroup | null;
  onClose: () => void;
}

/**
 * 分配权限: every menu and button as a checkbox tree, saved in one call. A group that holds every
 * permission shows everything ticked and cannot be changed.
 */
export function GroupPermissionsDrawer({ noun, group, onClose }: GroupPermissionsDrawerProps) {
  const { request } = useServices();
  const queryClient = useQueryClient();
  const open = group !== null;
  const readOnly = group?.allPermissions ?? false;

  const tree = usePermissionTree(open);
  const held = useQuery({
    queryKey: ['group-permissions', group?.id],
    queryFn: () => request.call(securityGroupContract.listSysSecurityPermissionBySecurityGroup, { groupId: group!.id }),
    enabled: open,
    gcTime: 0,
  });

  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [expanded, setExpanded] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [linked, setLinked] = useState(true);

  useEffect(() => {
    if (!open) {
      setKeyword('');
      setChecked(new Set());
      return;
    }
    if (held.data && tree.data) setChecked(new Set(knownIds(index, held.data)));
  }, [open, held.data, tree.data, index]);
  useEffect(() => {
    // Top-level menus open, so their pages are one click away.
    if (open) setExpanded(nodes.map((n) => n.key));
  }, [open, nodes]);

  const shown = useMemo(() => filterTree(nodes, keyword), [nodes, keyword]);
  const treeData = useMemo(() => toTreeData(shown, readOnly), [shown, readOnly]);

  const notice = useSuccessNotice();
  const save = useMutation({
    mutationFn: () => request.call(securityGroupContract.saveSysSecurityPermissionToSecurityGroup, { groupId: group!.id, permissionIds: knownIds(index, checked) }),
    onSuccess: async () => {
      notice(securityGroupContract.saveSysSecurityPermissionToSecurityGroup);
      await queryClient.invalidateQueries({ queryKey: ['group-permissions', group?.id] });
      onClose();
    },
  });

  const loading = tree.isLoading || held.isLoading;
  return (
    <Drawer
      open={open}
      title={group ? GroupPermissionsText.title(noun, group.name) : ''}
      width={560}
      onClose={onClose}
      destroyOnHidden
      className="group-permissions-drawer"
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{GroupPermissionsText.cancel}</Button>
          {!readOnly && (
            <Button type="primary" loading={save.isPending} disabled={loading || tree.isError || held.isError} onClick={() => save.mutate()}>
              {GroupPermissionsText.save}
            </Button>
          )}
        </Space>
      }
    >
      {readOnly && <Alert type="info" showIcon message={SecurityGroupText.allPermissionsGroup} style={{ marginBottom: 12 }} />}
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.Search allowClear placeholder={GroupPermissionsText.search} onChange={(e) => setKeyword(e.target.value)} onSearch={setKeyword} />
        <Space wrap>
          {!readOnly && (
            <>
              <span title={GroupPermissionsText.linkedHelp}>
                <Switch size="small" checked={linked} onChange={setLinked} /> {GroupPermissionsText.linked}
              </span>
              <Button size="small" onClick={() => setChecked(new Set(index.ids))}>
                {GroupPermissionsText.checkAll}
              </Button>
              <Popconfirm title={GroupPermissionsText.clearConfirm} onConfirm={() => setChecked(new Set())}>
                <Button size="small">{GroupPermissionsText.clearAll}</Button>
              </Popconfirm>
            </>
          )}
          <Button size="small" onClick={() => setExpanded(branchKeys(nodes))}>
            {GroupPermissionsText.expandAll}
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            {GroupPermissionsText.collapseAll}
          </Button>
          <Typography.Text type="secondary" data-testid="permission-count">
            {GroupPermissionsText.chosen(checked.size)}
          </Typography.Text>
        </Space>
        {!readOnly && linked && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {GroupPermissionsText.linkedHelp}
          </Typography.Text>
        )}
        <Spin spinning={loading}>
          {treeData.length === 0 && !loading ? (
            <Empty description={keyword ? GroupPermissionsText.noMatch : undefined} />
          ) : (
            <Tree
              checkable
              checkStrictly
              selectable={false}
              disabled={readOnly}
              treeData={treeData}
              checkedKeys={{ checked: [...checked], halfChecked: [] }}
              expandedKeys={keyword ? branchKeys(shown) : expanded}
              onExpand={(keys) => setExpanded(keys.map(String))}
              onCheck={(_, info) => setChecked((current) => toggleChecked(index, current, String(info.node.key), info.checked, linked))}
            />
          )}
        </Spin>
      </Space>
    </Drawer>
  );
}

function toTreeData(nodes: readonly PermissionTreeNode[], readOnly: boolean): DataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    disableCheckbox: readOnly,
    title: (
      <span data-permission-title={node.title}>
        {node.title}
        {node.menuType === 2 && (
          <Tag bordered={false} color="blue" style={{ marginLeft: 6 }}>
            {GroupPermissionsText.button}
          </Tag>
        )}
      </span>
    ),
    children: toTreeData(node.children, readOnly),
  }));
}
