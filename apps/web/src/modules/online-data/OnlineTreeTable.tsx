import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import type { AnyResource, OnlineDataAction, OnlineForm } from '@care/shared';
import { pageTotalText, proTableRequest } from '../../components/crud/pro-table-request';
import { ResourceForm } from '../../components/crud/ResourceForm';
import { ResourceTableText } from '../../components/crud/ResourceTable';
import { RowActions } from '../../components/crud/RowActions';
import { useListExport } from '../../components/crud/useListExport';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { useServices } from '../../lib/useServices';
import { displayKey, parentOf, placeChildren, type OnlineContracts, type TreeNode } from './online-data-model';
import { onlineFieldColumns } from './OnlineColumns';
import { OnlineImportModal } from './OnlineImportModal';
import { onlineInputs } from './OnlineWidgets';
import { OnlineDataText as T } from './online-data-text';

interface OnlineTreeTableProps {
  form: OnlineForm;
  resource: AnyResource;
  contracts: OnlineContracts;
  actions: readonly OnlineDataAction[];
}

type Editing = { row: TreeNode | null; pid: string | null };

// Keys of a list query that are not filters.
const PAGING = new Set(['pageNo', 'pageSize', 'column', 'order']);

/**
 * 树表: the search form of the form's searchable fields, its sortable columns and a pager over the
 * roots (the list route pages them in SQL); a node's children load when it is expanded
 * (`treeChildren`). A search lists the matching nodes wherever they hang, flat, each with its 上级节点,
 * and each still expands to its children — as JeecgBoot's tree lists do. 新增 (a root), 新增下级, 编辑
 * and 删除 (refused by the server while the node has children), 导出 (every node, or the search's
 * matches) and 导入 (as roots) per the caller's actions.
 */
export function OnlineTreeTable({ form, resource, contracts, actions }: OnlineTreeTableProps) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const table = useRef<ActionType>(undefined);
  const [tree, setTree] = useState<TreeNode[]>([]);
  // The tree as last drawn, for a page that arrives later (nodes loaded below keep their children).
  const latest = useRef(tree);
  useLayoutEffect(() => {
    latest.current = tree;
  }, [tree]);
  const [loading, setLoading] = useState(false);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [searching, setSearching] = useState(false);
  const [cap, setCap] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [importing, setImporting] = useState(false);
  const held = (action: OnlineDataAction) => actions.includes(action);
  const exporter = useListExport(request, contracts.exportXls.path, form.title);

  const roots = proTableRequest(request, contracts.list, {
    allowed: held('list'),
    onCapped: setCap,
    mapFilters: (query) => {
      setSearching(Object.keys(query).some((key) => !PAGING.has(key)));
      return exporter.rememberFilters(query);
    },
  });
  const requestRoots = async (params: Record<string, unknown>, sort: Record<string, 'ascend' | 'descend' | null>) => {
    const answer = await roots(params, sort);
    return { ...answer, data: placeChildren(latest.current, null, answer.data) };
  };

  /** Loads the children of `pid` into the tree; the roots (null) reload the current page. */
  const load = useCallback(
    async (pid: string | null) => {
      if (pid === null) {
        void table.current?.reload();
        return;
      }
      setLoading(true);
      try {
        const children = await request.call(contracts.treeChildren, { pid });
        setTree((current) => placeChildren(current, pid, children));
      } catch {
        // The request client has shown the failure.
      } finally {
        setLoading(false);
      }
    },
    [request, contracts],
  );

  const remove = useMutation({
    mutationFn: (row: TreeNode) => request.call(contracts.delete, { id: row.id, version: row.version as number }),
    onSuccess: (_, row) => {
      notice(contracts.delete);
      void load(parentOf(tree, row.id));
    },
  });

  const columns: ProColumns<TreeNode>[] = [
    ...onlineFieldColumns<TreeNode>(form.fields, resource),
    {
      key: 'parent',
      title: T.parent,
      dataIndex: displayKey('pid'),
      search: false,
      hideInTable: !searching,
      render: (_, row) => (row[displayKey('pid')] as string | undefined) ?? '-',
    },
    {
      title: T.actions,
      valueType: 'option',
      render: (_, row) => (
        <RowActions
          actions={[
            { key: 'addChild', label: T.addChild, hidden: !held('add'), onClick: () => setEditing({ row: null, pid: row.id }) },
            { key: 'edit', label: T.edit, hidden: !held('edit'), onClick: () => setEditing({ row, pid: (row.pid as string | null) ?? null }) },
            { key: 'delete', label: T.delete, hidden: !held('delete'), danger: true, confirm: T.deleteConfirm, onClick: () => remove.mutate(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ProTable<TreeNode>
        className={`online-tree-table ${form.tableName}-table`}
        rowKey="id"
        actionRef={table}
        columns={columns}
        request={requestRoots as never}
        dataSource={tree}
        onDataSourceChange={setTree}
        loading={loading || undefined}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true, showTotal: pageTotalText(cap) }}
        headerTitle={form.title}
        options={{ reload: () => void load(null), density: false, setting: false }}
        expandable={{
          expandedRowKeys: expanded,
          onExpand: (open, row) => {
            setExpanded((keys) => (open ? [...keys, row.id] : keys.filter((k) => k !== row.id)));
            if (open) void load(row.id);
          },
        }}
        toolBarRender={() => [
          held('add') && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null, pid: null })}>
              {T.addRoot}
            </Button>
          ),
          held('import') && (
            <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {T.import}
            </Button>
          ),
          held('export') && (
            <Button key="export" icon={<DownloadOutlined />} loading={exporter.exporting} onClick={() => void exporter.download()}>
              {ResourceTableText.export}
            </Button>
          ),
        ]}
      />
      <ResourceForm
        resource={resource}
        add={contracts.add}
        edit={contracts.edit}
        row={(editing?.row ?? null) as (TreeNode & { version: number }) | null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          const pid = editing?.pid ?? null;
          if (pid !== null) setExpanded((keys) => (keys.includes(pid) ? keys : [...keys, pid]));
          // A node edited among a search's flat matches has no loaded parent to reload: the page reloads.
          void load(searching && editing?.row ? null : pid);
        }}
        inputs={onlineInputs(form.fields, resource)}
        hide={['pid']}
        className={`online-form online-form-${form.tableName}`}
        moreValues={() => ({ pid: editing?.pid ?? null })}
      />
      {held('import') && <OnlineImportModal open={importing} title={form.title} path={contracts.importExcel.path} onClose={() => setImporting(false)} onImported={() => void load(null)} />}
    </>
  );
}
