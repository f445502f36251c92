import { useState } from 'react';
import { Alert, App, Button, Drawer, Empty, Form, List, Modal, Space, Tag, TreeSelect, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ProColumns } from '@ant-design/pro-components';
import {
  ONLINE_FORM_TYPE_LABELS,
  ONLINE_FORM_TYPES,
  ONLINE_SYNC_STATE_LABELS,
  onlineFormContract as c,
  OnlineFormPermission as P,
  OnlineFormText,
  type OnlineForm,
} from '@care/shared';
import { ListTable, useListReload } from '../../components/crud/ListTable';
import { RowActions } from '../../components/crud/RowActions';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { loadPermissions } from '../../lib/auth-api';
import { Authorized } from '../../lib/authorized';
import { usePermissionStore } from '../../lib/permission-store';
import { useServices } from '../../lib/useServices';
import { menuFolders } from './menu-folders';
import { FormDesigner } from './FormDesigner';
import { FormConfigText as T } from './online-form-text';

/** 在线开发: where generated pages go unless the administrator picks another folder. */
const DEFAULT_PARENT = '/online';
const SYNC_COLORS: Record<OnlineForm['syncState'], string> = { unsynced: 'default', synced: 'green', changed: 'orange' };

/**
 * 表单配置 (/online/form): the configured forms (表名, 表描述, 表类型, 同步状态, 菜单, 创建时间),
 * filtered, sorted and paged; 新增 and 编辑 open the designer; 同步数据库 asks before dropping columns;
 * 生成菜单 adds the generated page to the menu tree; 迁移记录 shows the DDL run; 删除 is confirmed.
 * Each button needs its own action.
 */
export function FormConfigList() {
  const { request } = useServices();
  const { message, modal } = App.useApp();
  const notice = useSuccessNotice();
  const { table, reload } = useListReload();
  // undefined: closed; null: a new form; a form: editing it.
  const [designing, setDesigning] = useState<OnlineForm | null | undefined>(undefined);
  const [menuFor, setMenuFor] = useState<OnlineForm | null>(null);
  const [historyOf, setHistoryOf] = useState<OnlineForm | null>(null);

  const edit = useMutation({
    mutationFn: (row: OnlineForm) => request.call(c.queryById, { id: row.id }),
    onSuccess: (form) => setDesigning(form),
  });
  const remove = useMutation({
    mutationFn: (row: OnlineForm) => request.call(c.delete, { id: row.id, version: row.version }),
    onSuccess: () => {
      notice(c.delete);
      reload();
    },
  });
  const sync = useMutation({
    mutationFn: ({ row, confirmDrop }: { row: OnlineForm; confirmDrop: boolean }) => request.call(c.sync, { id: row.id, version: row.version, confirmDrop }),
    onSuccess: (result, { row }) => {
      reload();
      if (result.applied) {
        void message.success(OnlineFormText.synced);
        return;
      }
      // Columns or tables would go with their data: nothing ran; ask, then send again with confirmDrop.
      modal.confirm({
        title: T.confirmDropTitle,
        width: 560,
        okText: T.confirmDropOk,
        okButtonProps: { danger: true },
        cancelText: T.cancel,
        className: 'online-form-confirm-drop',
        content: (
          <div>
            <Typography.Paragraph>{OnlineFormText.confirmDrop}</Typography.Paragraph>
            <ul className="online-form-drops">
              {result.drops.map((drop) => (
                <li key={drop}>
                  <Typography.Text code>{drop}</Typography.Text>
                </li>
              ))}
            </ul>
          </div>
        ),
        onOk: () => sync.mutateAsync({ row: result.form.id === row.id ? result.form : row, confirmDrop: true }).catch(() => undefined),
      });
    },
  });

  const columns: ProColumns<OnlineForm>[] = [
    { title: T.tableName, dataIndex: 'tableName', sorter: true, copyable: true },
    { title: T.tableTitle, dataIndex: 'title', sorter: true },
    {
      title: T.formType,
      dataIndex: 'formType',
      valueType: 'select',
      valueEnum: Object.fromEntries(ONLINE_FORM_TYPES.map((t) => [t, { text: ONLINE_FORM_TYPE_LABELS[t] }])),
      render: (_, row) => ONLINE_FORM_TYPE_LABELS[row.formType],
    },
    {
      title: T.syncState,
      dataIndex: 'syncState',
      search: false,
      render: (_, row) => <Tag color={SYNC_COLORS[row.syncState]}>{ONLINE_SYNC_STATE_LABELS[row.syncState]}</Tag>,
    },
    { title: T.menu, dataIndex: 'menuPath', search: false, render: (_, row) => row.menuPath ?? '-' },
    { title: T.createdAt, dataIndex: 'createdAt', search: false, sorter: true },
    {
      title: T.actions,
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { key: 'edit', label: T.edit, permission: P.onlineFormEdit, onClick: () => edit.mutate(row) },
            { key: 'sync', label: T.sync, permission: P.onlineFormSync, confirm: T.syncConfirm(row.tableName), onClick: () => void sync.mutateAsync({ row, confirmDrop: false }).catch(() => undefined) },
            { key: 'menu', label: T.genMenu, permission: P.onlineFormMenu, hidden: row.syncState === 'unsynced', onClick: () => setMenuFor(row) },
            { key: 'migrations', label: T.migrations, permission: P.onlineFormList, onClick: () => setHistoryOf(row) },
            { key: 'delete', label: T.delete, permission: P.onlineFormDelete, danger: true, confirm: T.deleteConfirm(row.tableName), onClick: () => void remove.mutateAsync(row).catch(() => undefined) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="online-form-page">
      <Alert type="info" showIcon message={T.hint} style={{ marginBottom: 12 }} />
      <ListTable<OnlineForm>
        className="online-form-table"
        actionRef={table}
        contract={c.list}
        access={P.onlineFormList}
        noAccess={T.noAccess}
        columns={columns}
        headerTitle={<Typography.Text strong>{T.title}</Typography.Text>}
        buttons={[
          <Authorized key="add" action={P.onlineFormAdd}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDesigning(null)}>
              {T.add}
            </Button>
          </Authorized>,
        ]}
      />
      {designing !== undefined && (
        <FormDesigner
          form={designing}
          onClose={() => setDesigning(undefined)}
          onSaved={() => {
            setDesigning(undefined);
            reload();
          }}
        />
      )}
      {menuFor && (
        <MenuDialog
          form={menuFor}
          onClose={() => setMenuFor(null)}
          onDone={() => {
            setMenuFor(null);
            reload();
          }}
        />
      )}
      {historyOf && <MigrationDrawer form={historyOf} onClose={() => setHistoryOf(null)} />}
    </div>
  );
}

/** 生成菜单: the folder to put the generated page under (default 在线开发); the shell's menu is reloaded after. */
function MenuDialog({ form, onClose, onDone }: { form: OnlineForm; onClose: () => void; onDone: () => void }) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const [values] = Form.useForm<{ parentPath: string }>();
  const menu = usePermissionStore((state) => state.menu);
  const generate = useMutation({
    mutationFn: (parentPath: string) => request.call(c.genMenu, { id: form.id, parentPath }),
    onSuccess: async () => {
      notice(c.genMenu);
      // The side menu comes from the permission fetch; the administrator sees the new entry at once.
      await loadPermissions().catch(() => undefined);
      onDone();
    },
  });
  return (
    <Modal
      open
      title={`${T.menuTitle}：${form.title}`}
      onCancel={onClose}
      destroyOnHidden
      okText={T.genMenu}
      cancelText={T.cancel}
      confirmLoading={generate.isPending}
      onOk={() => void values.validateFields().then((v) => generate.mutateAsync(v.parentPath || DEFAULT_PARENT).catch(() => undefined), () => undefined)}
    >
      <Form form={values} layout="vertical" name="onlineFormMenu" initialValues={{ parentPath: DEFAULT_PARENT }}>
        <Form.Item name="parentPath" label={T.parentPath} extra={T.parentPathHint}>
          <TreeSelect aria-label={T.parentPath} className="online-form-parent-select" treeData={menuFolders(menu)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 迁移记录: each sync's statements, newest first. */
function MigrationDrawer({ form, onClose }: { form: OnlineForm; onClose: () => void }) {
  const { request } = useServices();
  const history = useQuery({ queryKey: ['online-form', 'migrations', form.id], queryFn: () => request.call(c.migrations, { id: form.id }) });
  return (
    <Drawer open title={T.migrationsTitle(form.tableName)} width={720} onClose={onClose} className="online-form-migrations">
      {history.data && history.data.length === 0 ? (
        <Empty description={T.noMigrations} />
      ) : (
        <List
          loading={history.isLoading}
          dataSource={history.data ?? []}
          rowKey="id"
          renderItem={(m) => (
            <List.Item>
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space size={16} wrap>
                  <span>
                    {T.migrationTime}：{m.createdAt}
                  </span>
                  <span>
                    {T.migrationBy}：{m.createdBy}
                  </span>
                  <span>
                    {T.migrationVersion}：{m.formVersion}
                  </span>
                </Space>
                <pre className="online-form-statements" style={{ margin: 0, padding: 8, background: 'rgba(0,0,0,0.04)', fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {m.statements.join(';\n')}
                  {m.statements.length > 0 ? ';' : ''}
                </pre>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
