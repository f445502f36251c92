import { Alert, App, Card, Popconfirm, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { HOSPITAL_ONLY_PATHS, moduleSwitchContract, Permission, type ModuleSwitchSave, type ModuleSwitchState } from '@care/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuthorized } from '../../lib/authorized/index';
import { useServices } from '../../lib/useServices';

export const ModuleListText = {
  module: '一级模块',
  company: '全公司',
  hint: '停用的模块不再显示菜单，其功能接口也将拒绝访问；按门店停用时，只在某些门店工作的员工看不到该模块。修改在下次刷新页面后生效。',
  homeMode: '当前运行模式为到家模式：房间相关模块已停用。',
  confirmOff: '停用后该模块的菜单和功能将不可用，确定停用吗？',
} as const;

const KEY = ['moduleSwitch', 'list'] as const;

type Row = ModuleSwitchState['modules'][number];

/** 一级模块 (/base/module): which first-level menu modules the company and each store switch on. */
export function ModuleList() {
  const { request } = useServices();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mayEdit = useAuthorized()(Permission.moduleSwitchEdit);
  const state = useQuery({ queryKey: KEY, queryFn: () => request.call(moduleSwitchContract.list, {}) });
  const save = useMutation({
    mutationFn: (body: ModuleSwitchSave) => request.call(moduleSwitchContract.save, body),
    onSuccess: () => {
      void message.success(moduleSwitchContract.save.successMessage);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });

  const data = state.data;
  const isOn = (path: string, storeId: string | null) => !data?.switches.some((s) => s.path === path && s.storeId === storeId && !s.enabled);
  const homeOff = (path: string) => Boolean(data?.homeMode && HOSPITAL_ONLY_PATHS.includes(path));

  const cell = (row: Row, storeId: string | null, label: string) => {
    const on = isOn(row.path, storeId);
    const toggle = (
      <Switch
        checked={on && !homeOff(row.path)}
        disabled={!mayEdit || homeOff(row.path)}
        loading={save.isPending && save.variables?.path === row.path && save.variables.storeId === storeId}
        aria-label={`${row.title} ${label}`}
        onChange={on ? undefined : () => save.mutate({ storeId, path: row.path, enabled: true })}
      />
    );
    if (!on || !mayEdit || homeOff(row.path)) return toggle;
    return (
      <Popconfirm title={ModuleListText.confirmOff} onConfirm={() => save.mutate({ storeId, path: row.path, enabled: false })}>
        {toggle}
      </Popconfirm>
    );
  };

  const columns: TableColumnsType<Row> = [
    { title: ModuleListText.module, dataIndex: 'title', key: 'title', fixed: 'left', width: 160 },
    { title: ModuleListText.company, key: 'company', width: 110, render: (_, row) => cell(row, null, ModuleListText.company) },
    ...(data?.stores ?? []).map((store) => ({ title: store.name, key: store.id, width: 120, render: (_: unknown, row: Row) => cell(row, store.id, store.name) })),
  ];

  return (
    <Card className="module-switch">
      <Typography.Paragraph type="secondary">{ModuleListText.hint}</Typography.Paragraph>
      {data?.homeMode && <Alert type="info" showIcon message={ModuleListText.homeMode} style={{ marginBottom: 16 }} />}
      <Table<Row> rowKey="path" size="middle" loading={state.isFetching} columns={columns} dataSource={data?.modules ?? []} pagination={false} scroll={{ x: 'max-content' }} />
    </Card>
  );
}
