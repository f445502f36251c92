import { useCallback, useEffect, useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import type { AnyResource, OnlineDataAction, OnlineForm } from '@care/shared';
import { ResourceForm } from '../../components/crud/ResourceForm';
import { ResourceTableText } from '../../components/crud/ResourceTable';
import { RowActions } from '../../components/crud/RowActions';
import { useListExport } from '../../components/crud/useListExport';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { useServices } from '../../lib/useServices';
import { parentOf, placeChildren, type OnlineContracts, type TreeNode } from './online-data-model';
import { OnlineImportModal } from './OnlineImportModal';
import { OnlineCell, onlineInputs } from './OnlineWidgets';
import { OnlineDataText as T } from './online-data-text';

interface OnlineTreeTableProps {
  form: OnlineForm;
  resource: AnyResource;
  contracts: OnlineContracts;
  actions: readonly OnlineDataAction[];
}

type Editing = { row: TreeNode | null; pid: string | null };

/**
 * 树表: the roots, each node's children loaded when it is expanded (`treeChildren`); 新增 (a root),
 * 新增下级, 编辑 and 删除 (refused by the server while the node has children), 导出 (every node) and
 * 导入 (as roots) per the caller's actions.
 */
export function OnlineTreeTable({ form, resource, contracts, actions }: OnlineTreeTableProps) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const [tree, setTree] = useState<TreeNode[]>([]);
  const [loading, setLoading] = useState(false);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [importing, setImporting] = useState(false);
  const held = (action: OnlineDataAction) => actions.includes(action);
  const exporter = useListExport(request, contracts.exportXls.path, form.title);

  const load = useCallback(
    async (pid: string | null) => {
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

  const canList = actions.includes('list');
  useEffect(() => {
    if (canList) void load(null);
  }, [load, canList]);

  const remove = useMutation({
    mutationFn: (row: TreeNode) => request.call(contracts.delete, { id: row.id, version: row.version as number }),
    onSuccess: (_, row) => {
      notice(contracts.delete);
      void load(parentOf(tree, row.id));
    },
  });

  const columns: ProColumns<TreeNode>[] = [
    ...form.fields
      .filter((f) => f.list)
      .map((field) => ({ key: field.name, title: field.label, dataIndex: field.name, render: (_: unknown, row: TreeNode) => <OnlineCell field={field} value={row[field.name]} /> })),
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
        columns={columns}
        dataSource={tree}
        loading={loading}
        search={false}
        pagination={false}
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
          void load(pid);
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
