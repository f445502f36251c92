import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Input, Row, Space, Spin, Tag, Tooltip, Tree, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { dataRuleContract, DataRuleConditionLabel, Permission, type DataRule, type PermissionTreeNode } from '@care/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DataRuleFormModal } from './DataRuleFormModal';
import { useListAccess } from '../../components/crud/list-access';
import { ListTable, useListReload } from '../../components/crud/ListTable';
import { branchKeys, filterTree } from '../../components/security/permission-tree';
import { usePermissionTree } from '../../components/security/usePermissionTree';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { Authorized } from '../../lib/authorized/index';
import { EditDeleteLinks } from '../../components/table/RowLinks';
import { enabledColumn } from '../../components/crm/EnabledTag';
import { useServices } from '../../lib/useServices';

export const DataRuleListText = {
  title: '数据规则',
  permissions: '权限',
  searchPermission: '搜索菜单或按钮',
  allRules: '全部规则',
  chosen: (name: string) => `「${name}」的数据规则`,
  chooseFirst: '请先在左侧选择菜单或按钮',
  noTree: '您没有读取菜单树的权限，只能查看规则',
  add: '新增数据规则',
  edit: '编辑',
  delete: '删除',
  deleteConfirm: (name: string) => `确定删除数据规则「${name}」吗？删除后立即不再过滤数据。`,
  name: '规则名称',
  permission: '所属权限',
  resource: '数据资源',
  column: '规则字段',
  condition: '条件',
  value: '规则值',
  status: '状态',
  on: '启用',
  off: '停用',
  updatedAt: '更新时间',
  actions: '操作',
  unregistered: '字段已失效',
  intro:
    '数据规则挂在菜单或按钮上：拥有该权限的用户，在相应模块的列表、导出以及按 ID 查看、编辑、删除时，只能看到满足全部已启用规则的数据。拥有“全公司数据”（allhrdata）或全部权限的用户不受限制。',
} as const;

/** 数据规则 (/system/dataRule): pick a menu or button on the left, manage its row filters on the right. */
export function DataRuleList() {
  const { request } = useServices();
  const { allowed: canList } = useListAccess(Permission.dataRuleList);
  const { table, reload } = useListReload();
  const tree = usePermissionTree();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<PermissionTreeNode | null>(null);
  const [editing, setEditing] = useState<{ rule: DataRule | null } | null>(null);

  const resources = useQuery({
    queryKey: ['data-rule-columns'],
    queryFn: () => request.call(dataRuleContract.listDataRuleColumns, {}),
    enabled: canList,
  });
  const labelOf = useMemo(() => new Map((resources.data ?? []).map((r) => [r.resource, r.label])), [resources.data]);

  const notice = useSuccessNotice();
  const remove = useMutation({
    mutationFn: (id: string) => request.call(dataRuleContract.deletePermissionRule, { id }),
    onSuccess: () => {
      notice(dataRuleContract.deletePermissionRule);
      reload();
    },
  });

  const nodes = useMemo(() => filterTree(tree.data ?? [], keyword), [tree.data, keyword]);

  const columns: ProColumns<DataRule>[] = [
    { title: DataRuleListText.name, dataIndex: 'name', sorter: true },
    { title: DataRuleListText.permission, dataIndex: 'permissionName', search: false, hideInTable: chosen !== null },
    { title: DataRuleListText.resource, dataIndex: 'resource', search: false, render: (_, row) => labelOf.get(row.resource) ?? row.resource },
    {
      title: DataRuleListText.column,
      dataIndex: 'columnKey',
      search: false,
      render: (_, row) =>
        row.columnLabel ? (
          <Tooltip title={row.columnKey}>{row.columnLabel}</Tooltip>
        ) : (
          <Space>
            <Typography.Text code>{row.columnKey}</Typography.Text>
            <Tag color="red">{DataRuleListText.unregistered}</Tag>
          </Space>
        ),
    },
    { title: DataRuleListText.condition, dataIndex: 'condition', search: false, render: (_, row) => `${row.condition} ${DataRuleConditionLabel[row.condition]}` },
    { title: DataRuleListText.value, dataIndex: 'value', search: false, render: (_, row) => (row.value ? <Typography.Text code>{row.value}</Typography.Text> : '-') },
    enabledColumn<DataRule>(DataRuleListText.status),
    { title: DataRuleListText.updatedAt, dataIndex: 'updatedAt', search: false, sorter: true },
    {
      title: DataRuleListText.actions,
      valueType: 'option',
      render: (_, row) => (
        <EditDeleteLinks
          edit={[Permission.dataRuleEdit, () => setEditing({ rule: row })]}
          remove={[Permission.dataRuleDelete, DataRuleListText.deleteConfirm(row.name), () => remove.mutateAsync(row.id)]}
        />
      ),
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} lg={7}>
        <Card title={DataRuleListText.permissions} size="small" className="data-rule-permissions">
          {tree.available ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Input.Search allowClear placeholder={DataRuleListText.searchPermission} onChange={(e) => setKeyword(e.target.value)} />
              <Button type={chosen ? 'link' : 'primary'} size="small" onClick={() => setChosen(null)}>
                {DataRuleListText.allRules}
              </Button>
              <Spin spinning={tree.isLoading}>
                {nodes.length === 0 && !tree.isLoading ? (
                  <Empty />
                ) : (
                  <Tree
                    treeData={nodes}
                    selectedKeys={chosen ? [chosen.key] : []}
                    onSelect={(_, info) => setChosen(info.selected ? (info.node as unknown as PermissionTreeNode) : null)}
                    height={560}
                    {...(keyword ? { expandedKeys: branchKeys(nodes) } : {})}
                  />
                )}
              </Spin>
            </Space>
          ) : (
            <Alert type="info" message={DataRuleListText.noTree} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={17}>
        <Alert type="info" showIcon message={DataRuleListText.intro} style={{ marginBottom: 12 }} />
        <ListTable<DataRule>
          className="data-rule-table"
          actionRef={table}
          headerTitle={chosen ? DataRuleListText.chosen(chosen.title) : DataRuleListText.allRules}
          columns={columns}
          params={{ permissionId: chosen?.key }}
          contract={dataRuleContract.queryPermissionRule}
          access={Permission.dataRuleList}
          search={{ labelWidth: 'auto' }}
          scroll={undefined}
          buttons={[
            <Authorized key="add" action={Permission.dataRuleAdd}>
              <Tooltip title={chosen ? undefined : DataRuleListText.chooseFirst}>
                <Button type="primary" icon={<PlusOutlined />} disabled={!chosen} onClick={() => setEditing({ rule: null })}>
                  {DataRuleListText.add}
                </Button>
              </Tooltip>
            </Authorized>,
          ]}
        />
      </Col>
      <DataRuleFormModal
        open={editing !== null}
        rule={editing?.rule ?? null}
        permissionId={chosen?.key ?? null}
        tree={tree.data ?? []}
        resources={resources.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
    </Row>
  );
}
