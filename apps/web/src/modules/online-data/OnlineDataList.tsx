import { useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button, Card, Popconfirm, Result, Space, Spin } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { onlineDataContracts, onlineResource, type AnyResource, type OnlineDataAction, type OnlineForm } from '@care/shared';
import { ResourceTable, type ResourceTableProps } from '../../components/crud/ResourceTable';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { useServices } from '../../lib/useServices';
import { formCodeOfPath, hasSubs, heldContracts, type OnlineContracts } from './online-data-model';
import { ErpChildren, InnerChildren } from './OnlineChildren';
import { OnlineImportModal } from './OnlineImportModal';
import { OnlineMasterDialog } from './OnlineMasterForm';
import { OnlineTreeTable } from './OnlineTreeTable';
import { onlineColumn } from './OnlineColumns';
import { onlineInputs } from './OnlineWidgets';
import { OnlineDataText as T } from './online-data-text';

type Row = Record<string, unknown> & { id: string; version: number };

/** A generated page (`/online/cgformList/<tableName>`): the form is the one its path names. */
export function OnlineDataList() {
  const { pathname } = useLocation();
  const code = formCodeOfPath(pathname);
  if (!code) return <Result status="404" title={T.noForm} />;
  return <OnlineDataPage key={code} code={code} />;
}

/**
 * The page of one configured form: reads its synced configuration and the caller's actions, then
 * draws the list and forms of its type — 单表, 一对多, 树表, ERP or 内嵌子表.
 */
export function OnlineDataPage({ code }: { code: string }) {
  const { request } = useServices();
  const contracts = useMemo(() => onlineDataContracts(code), [code]);
  const config = useQuery({
    queryKey: ['online-data', code, 'config'],
    queryFn: () => request.call(contracts.config, {}),
    retry: false,
  });
  const resource = useMemo(() => (config.data ? onlineResource(config.data.form) : null), [config.data]);

  if (config.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  // The request client has told what went wrong (表单不存在, 表单尚未同步数据库, 无权限 …); the page says it too.
  if (!config.data || !resource) return <Result status="warning" title={config.error?.message || T.noForm} />;
  const { form, actions } = config.data;
  if (form.syncState === 'unsynced') return <Result status="info" title={T.notSynced} />;
  const props = { form, actions, contracts, resource };
  return (
    <div className={`online-data-page online-data-${form.formType}`}>
      {form.formType === 'tree' ? <OnlineTreeTable {...props} /> : form.formType === 'erp' ? <ErpPage {...props} /> : <ListPage {...props} />}
    </div>
  );
}

interface PageProps {
  form: OnlineForm;
  actions: OnlineDataAction[];
  contracts: OnlineContracts;
  resource: AnyResource;
}

/** Table cells the kit's kinds do not draw (checkbox codes, images, files, rich text, user and department names). */
function cellColumns(form: OnlineForm): Record<string, Partial<ProColumns<Row>>> {
  const columns: Record<string, Partial<ProColumns<Row>>> = {};
  for (const field of form.fields) {
    const own = onlineColumn<Row>(field);
    if (own) columns[field.name] = own;
  }
  return columns;
}

interface ListProps extends PageProps {
  table?: ResourceTableProps['table'];
  onChanged?: () => void;
  actionRef?: ResourceTableProps['actionRef'];
}

/**
 * The master list of every type but the tree: the kit's ResourceTable with the held actions, the
 * field widgets, 导入 and 批量删除; forms with child tables add and edit them in the same dialog.
 */
function OnlineList({ form, actions, contracts, resource, table, onChanged, actionRef }: ListProps) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const ownRef = useRef<ActionType>(undefined);
  const ref = actionRef ?? ownRef;
  const [importing, setImporting] = useState(false);
  const held = (action: OnlineDataAction) => actions.includes(action);
  const reload = () => {
    void ref.current?.reload();
    onChanged?.();
  };
  const removeMany = useMutation({
    mutationFn: (ids: string[]) => request.call(contracts.deleteBatch, { ids }),
    onSuccess: () => {
      notice(contracts.deleteBatch);
      ref.current?.clearSelected?.();
      reload();
    },
  });
  const nameField = form.fields.find((f) => f.type === 'text')?.name ?? form.fields[0]?.name;

  return (
    <>
      <ResourceTable
        resource={resource}
        contracts={heldContracts(contracts, actions)}
        title={form.title}
        className={`online-table ${form.tableName}-table`}
        nameField={nameField}
        actionRef={ref}
        columns={cellColumns(form)}
        form={{ inputs: onlineInputs(form.fields, resource), width: 720 }}
        // ERP edits its children in the tabs below the list; 一对多 and 内嵌子表 in the same dialog.
        renderForm={hasSubs(form.formType) && form.formType !== 'erp' ? (dialog) => <OnlineMasterDialog form={form} resource={resource} contracts={contracts} dialog={dialog} /> : undefined}
        toolbar={
          held('import')
            ? [
                <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  {T.import}
                </Button>,
              ]
            : []
        }
        onChanged={onChanged}
        table={{
          ...(held('delete')
            ? {
                rowSelection: {},
                tableAlertRender: ({ selectedRowKeys }) => T.selected(selectedRowKeys.length),
                tableAlertOptionRender: ({ selectedRowKeys, onCleanSelected }) => (
                  <Space>
                    <Popconfirm title={T.batchDeleteConfirm(selectedRowKeys.length)} onConfirm={() => removeMany.mutate(selectedRowKeys.map(String))}>
                      <Button type="link" danger size="small" loading={removeMany.isPending}>
                        {T.batchDelete}
                      </Button>
                    </Popconfirm>
                    <Button type="link" size="small" onClick={onCleanSelected}>
                      {T.clearSelection}
                    </Button>
                  </Space>
                ),
              }
            : {}),
          ...table,
        }}
      />
      {held('import') && <OnlineImportModal open={importing} title={form.title} path={contracts.importExcel.path} onClose={() => setImporting(false)} onImported={reload} />}
    </>
  );
}

/** 单表, 一对多 and 内嵌子表 (whose rows expand to show their children). */
function ListPage(props: PageProps) {
  const { form, contracts } = props;
  if (form.formType !== 'inner') return <OnlineList {...props} />;
  return <OnlineList {...props} table={{ expandable: { expandedRowRender: (row) => <InnerChildren form={form} contracts={contracts} masterId={row.id} /> } }} />;
}

/** ERP: the master list on top; the selected row's children in tabs below it. */
function ErpPage(props: PageProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const [stamp, setStamp] = useState(0);
  const list = useRef<ActionType>(undefined);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <OnlineList
        {...props}
        actionRef={list}
        onChanged={() => setStamp((n) => n + 1)}
        table={{
          onRow: (row) => ({ onClick: () => setSelected(row.id), style: { cursor: 'pointer' } }),
          rowClassName: (row) => (row.id === selected ? 'ant-table-row-selected online-row-current' : ''),
        }}
      />
      <Card size="small" className="online-erp-children">
        <ErpChildren
          key={`${selected ?? ''}-${stamp}`}
          form={props.form}
          resource={props.resource}
          contracts={props.contracts}
          masterId={selected}
          canEdit={props.actions.includes('edit')}
          onChanged={() => void list.current?.reload()}
        />
      </Card>
    </Space>
  );
}
