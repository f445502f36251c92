import { createElement, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import {
  Permission,
  permissionAdminContract,
  PermissionAdminText,
  PermissionMenuTypeLabel,
  PermissionStatusLabel,
  type PermissionNode,
  type PermissionSearch,
} from '@care/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useListAccess } from '../../components/crud/list-access';
import { RowActions } from '../../components/crud/RowActions';
import { menusOnly } from '../../components/security/permission-tree';
import { PermissionFormModal, type PermissionFormTarget } from './PermissionFormModal';
import { usePermissionTree } from '../../components/security/usePermissionTree';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { menuIcon } from '../../layouts/menu/menu-icons';
import { Authorized } from '../../lib/authorized/index';
import { useServices } from '../../lib/useServices';

export const PermissionListText = {
  title: '菜单与按钮',
  add: '新增',
  addChild: '添加下级',
  edit: '编辑',
  delete: '删除',
  deleteConfirm: (name: string) => `确定删除「${name}」吗？各安全组对它的授权和它的数据规则会一并删除。`,
  name: '名称',
  menuType: '类型',
  icon: '图标',
  component: '前端组件',
  path: '路径',
  action: '授权标识',
  sort: '排序',
  status: '状态',
  flags: '路由属性',
  actions: '操作',
  hidden: '隐藏',
  notRoute: '非路由',
  external: '外部',
  keepAlive: '缓存',
  alwaysShow: '聚合',
  searchResult: '搜索结果',
} as const;

type Row = PermissionNode & { children?: Row[] };

const MENU_TYPE_COLOR = { 0: 'blue', 1: 'cyan', 2: 'orange' } as const;

// A node with children gets an empty list, so the table shows the expand icon; expanding loads them.
const toRow = (node: PermissionNode): Row => ({ ...node, ...(node.hasChildren ? { children: [] } : {}) });

function graft(rows: Row[], parentId: string, children: Row[]): Row[] {
  return rows.map((row) => (row.id === parentId ? { ...row, children } : row.children?.length ? { ...row, children: graft(row.children, parentId, children) } : row));
}

const isSearching = (filters: PermissionSearch) => Object.values(filters).some((v) => v !== undefined && v !== '');

/**
 * 权限 (/system/permission): the menu and button tree. Top-level menus load first and a row's children
 * load when it is opened; a search lists the matching nodes flat. Add, add child, edit and delete sit
 * behind their actions.
 */
export function PermissionList() {
  const { request } = useServices();
  const queryClient = useQueryClient();
  const access = useListAccess(Permission.permissionList);
  const canList = access.allowed;
  const [filters, setFilters] = useState<PermissionSearch>({});
  const [rows, setRows] = useState<Row[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [target, setTarget] = useState<PermissionFormTarget | null>(null);
  const tree = usePermissionTree();
  const menus = useMemo(() => menusOnly(tree.data ?? []), [tree.data]);
  // Answers of an older load must not overwrite a newer one.
  const generation = useRef(0);
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;

  const load = useCallback(async () => {
    if (!canList) return;
    const mine = ++generation.current;
    setLoading(true);
    try {
      if (isSearching(filters)) {
        const found = await request.call(permissionAdminContract.listSysAllSecurityPermission, filters);
        if (mine === generation.current) setRows(found.map((n) => ({ ...n })));
        return;
      }
      let next = (await request.call(permissionAdminContract.getSystemMenuList, {})).map(toRow);
      // Rows the administrator had open stay open, with fresh children (parents first: the answer is keyed by parent).
      const open = expandedRef.current;
      if (open.length) {
        const batch = await request.call(permissionAdminContract.getSystemSubmenuBatch, { parentIds: open });
        const fill = (list: Row[]): Row[] =>
          list.map((row) => {
            const kids = batch[row.id];
            return kids && row.children ? { ...row, children: fill(kids.map(toRow)) } : row;
          });
        next = fill(next);
      }
      if (mine === generation.current) setRows(next);
    } catch {
      // The request layer has shown why.
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, [canList, filters, request]);

  useEffect(() => {
    void load();
  }, [load]);

  const expand = async (open: boolean, row: Row) => {
    setExpanded((keys) => (open ? [...keys, row.id] : keys.filter((k) => k !== row.id)));
    if (!open || (row.children && row.children.length > 0)) return;
    try {
      const children = (await request.call(permissionAdminContract.getSystemSubmenu, { parentId: row.id })).map(toRow);
      setRows((current) => graft(current, row.id, children));
    } catch {
      setExpanded((keys) => keys.filter((k) => k !== row.id));
    }
  };

  const changed = () => {
    void load();
    void queryClient.invalidateQueries({ queryKey: ['permission-tree'] });
  };

  const notice = useSuccessNotice();
  const remove = useMutation({
    mutationFn: (id: string) => request.call(permissionAdminContract.deleteSysSecurityPermission, { id }),
    onSuccess: (_, id) => {
      notice(permissionAdminContract.deleteSysSecurityPermission);
      setExpanded((keys) => keys.filter((k) => k !== id));
      changed();
    },
  });

  const columns: ProColumns<Row>[] = [
    { title: PermissionListText.name, dataIndex: 'name', width: 220 },
    {
      title: PermissionListText.menuType,
      dataIndex: 'menuType',
      valueType: 'select',
      valueEnum: { 0: { text: PermissionMenuTypeLabel[0] }, 1: { text: PermissionMenuTypeLabel[1] }, 2: { text: PermissionMenuTypeLabel[2] } },
      render: (_, row) => <Tag color={MENU_TYPE_COLOR[row.menuType]}>{PermissionMenuTypeLabel[row.menuType]}</Tag>,
    },
    {
      title: PermissionListText.icon,
      dataIndex: 'icon',
      search: false,
      render: (_, row) => {
        const Icon = menuIcon(row.icon ?? undefined);
        return Icon ? <Tooltip title={row.icon}>{createElement(Icon)}</Tooltip> : (row.icon ?? '-');
      },
    },
    { title: PermissionListText.component, dataIndex: 'component', search: false, ellipsis: true },
    { title: PermissionListText.path, dataIndex: 'path', ellipsis: true },
    { title: PermissionListText.action, dataIndex: 'action', render: (_, row) => (row.action ? <Typography.Text code>{row.action}</Typography.Text> : '-') },
    { title: PermissionListText.sort, dataIndex: 'sort', search: false, width: 70 },
    {
      title: PermissionListText.flags,
      dataIndex: 'flags',
      search: false,
      render: (_, row) => (
        <Space size={2} wrap>
          {!row.route && <Tag>{PermissionListText.notRoute}</Tag>}
          {row.hidden && <Tag>{PermissionListText.hidden}</Tag>}
          {row.alwaysShow && <Tag>{PermissionListText.alwaysShow}</Tag>}
          {row.keepAlive && <Tag>{PermissionListText.keepAlive}</Tag>}
          {row.internalOrExternal && <Tag>{PermissionListText.external}</Tag>}
        </Space>
      ),
    },
    {
      title: PermissionListText.status,
      dataIndex: 'status',
      search: false,
      render: (_, row) => <Tag color={row.status === '0' ? 'green' : 'default'}>{PermissionStatusLabel[row.status]}</Tag>,
    },
    {
      title: PermissionListText.actions,
      valueType: 'option',
      width: 190,
      render: (_, row) => (
        <RowActions
          actions={[
            { key: 'edit', label: PermissionListText.edit, permission: Permission.permissionEdit, onClick: () => setTarget({ mode: 'edit', node: row }) },
            { key: 'child', label: PermissionListText.addChild, permission: Permission.permissionAdd, hidden: row.menuType === 2, onClick: () => setTarget({ mode: 'child', parent: row }) },
            {
              key: 'delete',
              label: PermissionListText.delete,
              permission: Permission.permissionDelete,
              danger: true,
              confirm: PermissionListText.deleteConfirm(row.name),
              onClick: () => remove.mutateAsync(row.id).catch(() => undefined),
              // A node with children is deleted after them.
              element: row.hasChildren ? (
                <Tooltip title={PermissionAdminText.hasChildren}>
                  <Typography.Text type="secondary">{PermissionListText.delete}</Typography.Text>
                </Tooltip>
              ) : undefined,
            },
          ]}
        />
      ),
    },
  ];

  const searching = isSearching(filters);
  return (
    <>
      <ProTable<Row>
        className="permission-table"
        rowKey="id"
        headerTitle={searching ? PermissionListText.searchResult : PermissionListText.title}
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        locale={access.locale}
        search={{ labelWidth: 'auto' }}
        onSubmit={(params: Record<string, unknown>) => setFilters(toSearch(params))}
        onReset={() => setFilters({})}
        options={{ reload: () => void load(), density: true, setting: true }}
        expandable={searching ? { childrenColumnName: '__none' } : { expandedRowKeys: expanded, onExpand: (open, row) => void expand(open, row), indentSize: 20 }}
        toolBarRender={() => [
          <Authorized key="add" action={Permission.permissionAdd}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'add' })}>
              {PermissionListText.add}
            </Button>
          </Authorized>,
        ]}
      />
      <PermissionFormModal target={target} menus={menus} onClose={() => setTarget(null)} onSaved={changed} />
    </>
  );
}

function toSearch(params: Record<string, unknown>): PermissionSearch {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const type = params.menuType === undefined || params.menuType === '' ? undefined : Number(params.menuType);
  return {
    name: text(params.name),
    path: text(params.path),
    action: text(params.action),
    menuType: type === 0 || type === 1 || type === 2 ? type : undefined,
  };
}
