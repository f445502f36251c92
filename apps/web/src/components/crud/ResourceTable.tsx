import { useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns, ProTableProps } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import type { AnyResource, Contract } from '@care/shared';
import { Authorized } from '../../lib/authorized';
import { useServices } from '../../lib/useServices';
import { CrmText } from '../crm/crm-text';
import { fieldColumn } from './resource-fields';
import { ResourceForm, type ResourceFormProps } from './ResourceForm';
import { RowActions, type RowAction } from './RowActions';
import { ListTable } from './ListTable';
import { useSuccessNotice } from './useSuccessNotice';

type Row = Record<string, unknown> & { id: string; version: number };

export const ResourceTableText = { export: '导出', deleteConfirm: (name: string) => `确定删除「${name}」吗？`, delete: '删除' } as const;

/** The usual contracts of a resource, as `crudContracts` builds them; their access gates the buttons. */
export interface ResourceContracts {
  list: Contract;
  add?: Contract;
  edit?: Contract;
  updateStatus?: Contract;
  delete?: Contract;
  exportXls?: Contract;
}

export interface ResourceTableProps {
  resource: AnyResource;
  contracts: ResourceContracts;
  /** The table's title; the resource's label when not given. */
  title?: string;
  /** The hint beside the title. */
  tooltip?: string;
  /** Label of the add button (新增<label> by default). */
  addLabel?: string;
  /** A field's column changed or replaced (a name that links, a cell of two fields …). */
  columns?: Record<string, Partial<ProColumns<Row>>>;
  /** Columns after the fields (before 操作). */
  extraColumns?: ProColumns<Row>[];
  /**
   * The row's own actions after 编辑, 启用/停用 and 删除; `run` calls a contract on the row as the kit's
   * own actions do (its success text, then the list reloads).
   */
  rowActions?: (row: Row, reload: () => void, run: (contract: Contract, input: Record<string, unknown>) => void) => RowAction[];
  /** Whether the row takes the kit's 编辑, 启用/停用 or 删除 now (a state machine's `can`); all by default. */
  allows?: (row: Row, action: 'edit' | 'status' | 'delete') => boolean;
  /** More toolbar buttons. */
  toolbar?: ReactNode[];
  /** Told after every change (caches of options to forget …). */
  onChanged?: () => void;
  /** Passed to the add/edit dialog (own widgets, hidden or locked fields). */
  form?: Pick<ResourceFormProps, 'inputs' | 'hide' | 'lockedOnEdit' | 'rules' | 'title' | 'when' | 'width' | 'extra'>;
  /** The module's own add/edit dialog instead of ResourceForm (a live preview, a segment editor …); `form` is then unused. */
  renderForm?: (props: ResourceDialogProps) => ReactNode;
  /** The field that names a row in confirmations. */
  nameField?: string;
  /** The question before 删除 (what else goes with the row); 确定删除「name」吗？ by default. */
  deleteConfirm?: (row: Row) => ReactNode;
  className?: string;
  /** Filters every request (and the export) carries whatever the search form says: a wrapper's fixed store. */
  fixedFilters?: Record<string, unknown>;
  /** ProTable's row selection, its alert, expandable rows and row events (batch actions, a row's details …). */
  table?: Pick<ProTableProps<Row, Record<string, unknown>>, 'rowSelection' | 'tableAlertRender' | 'tableAlertOptionRender' | 'expandable' | 'onRow' | 'rowClassName'>;
  /** The table's handle, for a wrapper that reloads it (after an import …). */
  actionRef?: MutableRefObject<ActionType | undefined>;
}

/** What an add/edit dialog is told: the row edited (null to add), whether it shows, how to close it and that it saved. */
export interface ResourceDialogProps {
  row: Row | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** The add/edit dialog: the module's own when it renders one, else ResourceForm on the resource's fields. */
export function resourceDialog(props: Pick<ResourceTableProps, 'resource' | 'contracts' | 'form' | 'renderForm'>, dialog: ResourceDialogProps): ReactNode {
  if (props.renderForm) return props.renderForm(dialog);
  return <ResourceForm {...props.form} resource={props.resource} add={props.contracts.add} edit={props.contracts.edit} {...dialog} />;
}

/**
 * A resource's list page on ProTable: columns, filters and sort keys from the shared definition,
 * paging with the capped count, the buttons the user's permissions allow, the add/edit dialog,
 * 启用/停用 and 删除 confirmed first, Excel export of the current filters.
 */
export function ResourceTable(props: ResourceTableProps) {
  const { resource, contracts, nameField = 'name' } = props;
  const { request } = useServices();
  const ownTable = useRef<ActionType>(undefined);
  const table = props.actionRef ?? ownTable;
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const notice = useSuccessNotice();
  const reload = () => {
    void table.current?.reload();
    props.onChanged?.();
  };

  const act = useMutation({
    mutationFn: ({ contract, input }: { contract: Contract; input: Record<string, unknown> }) => request.call(contract as never, input as never),
    onSuccess: (_, { contract }) => {
      notice(contract);
      reload();
    },
  });

  const nameOf = (row: Row) => String(row[nameField] ?? '');
  const run = (contract: Contract, input: Record<string, unknown>) => act.mutate({ contract, input });
  const actionsOf = (row: Row): RowAction[] => {
    const { edit, updateStatus, delete: remove } = contracts;
    const enabled = Boolean(row.enabled);
    const hidden = (action: 'edit' | 'status' | 'delete') => props.allows?.(row, action) === false;
    return [
      ...(edit ? [{ key: 'edit', label: CrmText.edit, permission: edit.access, hidden: hidden('edit'), onClick: () => setEditing({ row }) }] : []),
      ...(updateStatus
        ? [{
            key: 'status',
            label: enabled ? CrmText.disable : CrmText.enable,
            permission: updateStatus.access,
            hidden: hidden('status'),
            danger: enabled,
            confirm: enabled ? CrmText.disableConfirm(nameOf(row)) : CrmText.enableConfirm(nameOf(row)),
            onClick: () => run(updateStatus, { id: row.id, enabled: !enabled }),
          }]
        : []),
      ...(remove
        ? [{
            key: 'delete',
            label: ResourceTableText.delete,
            permission: remove.access,
            hidden: hidden('delete'),
            danger: true,
            confirm: props.deleteConfirm?.(row) ?? ResourceTableText.deleteConfirm(nameOf(row)),
            // With the version shown: a contract that locks deletes refuses a stale one, the others ignore it.
            onClick: () => run(remove, { id: row.id, version: row.version }),
          }]
        : []),
      ...(props.rowActions?.(row, reload, run) ?? []),
    ];
  };

  const columns: ProColumns<Row>[] = [
    ...resource.entries.map(([key, def]) => ({ ...fieldColumn(key, def), ...props.columns?.[key] }) as ProColumns<Row>),
    ...(props.extraColumns ?? []),
    // Pinned right: on a narrow screen the columns scroll under it and the row's actions stay in view.
    { title: CrmText.actions, valueType: 'option', fixed: 'right', render: (_, row) => <RowActions actions={actionsOf(row)} /> },
  ];

  return (
    <>
      <ListTable<Row>
        {...props.table}
        className={props.className ?? `${resource.name}-table`}
        actionRef={table}
        columns={columns}
        contract={contracts.list as never}
        access={contracts.list.access}
        noAccess={CrmText.noAccess}
        counted
        fixedFilters={props.fixedFilters}
        search={{ labelWidth: 'auto' }}
        headerTitle={props.title ?? resource.label}
        tooltip={props.tooltip}
        buttons={props.toolbar}
        exportXls={contracts.exportXls && { path: contracts.exportXls.path, name: props.title ?? resource.label, action: contracts.exportXls.access, label: ResourceTableText.export }}
        buttonsEnd={[
          contracts.add && (
            <Authorized key="add" action={contracts.add.access}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
                {props.addLabel ?? `新增${resource.label}`}
              </Button>
            </Authorized>
          ),
        ]}
      />
      {resourceDialog(props, { open: editing !== null, row: editing?.row ?? null, onClose: () => setEditing(null), onSaved: reload })}
    </>
  );
}
