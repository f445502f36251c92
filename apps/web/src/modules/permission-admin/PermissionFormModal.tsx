import { createElement, useEffect, useMemo } from 'react';
import { AutoComplete, Col, Form, Input, InputNumber, Modal, Radio, Row, Switch, TreeSelect } from 'antd';
import {
  PERMISSION_AUTH_TYPES,
  PERMISSION_STATUSES,
  permissionAdminContract,
  PermissionAdminText,
  PermissionAuthTypeLabel,
  permissionCreateSchema,
  PermissionMenuTypeLabel,
  PermissionStatusLabel,
  type PermissionCreate,
  type PermissionMenuType,
  type PermissionNode,
  type PermissionTreeNode,
} from '@care/shared';
import { MENU_ICON_NAMES, menuIcon } from '../../layouts/menu/menu-icons';
import { schemaRule } from '../../lib/schema-rule';
import { useRecordSave } from '../../components/form/useRecordSave';

export const PermissionFormText = {
  addTitle: '新增菜单或按钮',
  addChildTitle: (parent: string) => `添加下级：${parent}`,
  editTitle: (name: string) => `编辑：${name}`,
  menuType: '菜单类型',
  menuName: '菜单名称',
  buttonName: '按钮/权限名称',
  parent: '上级菜单',
  path: '菜单路径',
  routeName: '路由名称',
  routeNameHelp: '留空时由菜单路径生成',
  component: '前端组件',
  componentHelp: '页面键 module/Page，由前端模块清单提供；一级菜单留空为 layouts/RouteView',
  redirect: '默认跳转地址',
  icon: '菜单图标',
  url: '链接地址',
  urlHelp: '外部链接或内嵌页面（iframe）的地址',
  sort: '排序',
  route: '是否路由菜单',
  routeHelp: '关闭后只在菜单中显示，不注册为路由',
  hidden: '隐藏路由',
  alwaysShow: '聚合路由',
  alwaysShowHelp: '只有一个下级时也显示上级菜单',
  keepAlive: '缓存路由',
  external: '打开方式',
  internal: '内部',
  externalOpen: '外部（新窗口）',
  action: '授权标识',
  actionHelp: '例如 system:user:add；页面中的按钮按此标识显示或隐藏，服务器按此标识放行',
  authType: '授权策略',
  status: '状态',
  yes: '是',
  no: '否',
} as const;

type NodeForm = PermissionCreate;

const DEFAULTS: Partial<NodeForm> = {
  menuType: 1,
  route: true,
  hidden: false,
  alwaysShow: false,
  keepAlive: false,
  internalOrExternal: false,
  sort: 0,
  authType: '1',
  status: '1',
};

export type PermissionFormTarget = { mode: 'add' } | { mode: 'child'; parent: PermissionNode } | { mode: 'edit'; node: PermissionNode };

interface PermissionFormModalProps {
  target: PermissionFormTarget | null;
  /** Menus only: the parent picker. */
  menus: PermissionTreeNode[];
  onClose: () => void;
  onSaved: () => void;
}

/** 权限 editor: one form for the three kinds of node; menus and buttons show the fields they use. */
export function PermissionFormModal({ target, menus, onClose, onSaved }: PermissionFormModalProps) {
  const [form] = Form.useForm<NodeForm>();
  const menuType = (Form.useWatch('menuType', form) ?? 1) as PermissionMenuType;
  const isButton = menuType === 2;
  const editing = target?.mode === 'edit' ? target.node : null;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'edit') {
      const { node } = target;
      form.setFieldsValue({
        menuType: node.menuType,
        parentId: node.parentId,
        name: node.name,
        path: node.path,
        routeName: node.routeName,
        component: node.component,
        redirect: node.redirect,
        icon: node.icon,
        url: node.url,
        route: node.route,
        hidden: node.hidden,
        alwaysShow: node.alwaysShow,
        keepAlive: node.keepAlive,
        internalOrExternal: node.internalOrExternal,
        sort: node.sort,
        action: node.action,
        authType: node.authType,
        status: node.status,
      });
    } else if (target.mode === 'child') {
      form.setFieldsValue({ ...DEFAULTS, menuType: 1, parentId: target.parent.id });
    } else {
      form.setFieldsValue({ ...DEFAULTS, menuType: 0 });
    }
  }, [target, form]);

  const save = useRecordSave<NodeForm>({
    record: editing,
    add: permissionAdminContract.createSysSecurityPermission,
    edit: permissionAdminContract.updateSysSecurityPermission,
    onSaved,
    onClose,
  });

  // Unset fields go as null (the schema's "not given"); a 一级菜单 has no parent.
  const body = (): Record<string, unknown> => {
    const values = { ...DEFAULTS, ...(form.getFieldsValue() as Partial<NodeForm>) };
    const menuOnly = values.menuType === 2 ? { path: null, routeName: null, component: null, redirect: null, icon: null, url: null } : {};
    // An untouched name is undefined; the schema should see it as empty, to answer with 请输入名称!.
    return { ...values, ...menuOnly, name: values.name ?? '', parentId: values.menuType === 0 ? null : (values.parentId ?? null) };
  };
  const rule = (field: keyof NodeForm, required = false) => schemaRule(permissionCreateSchema, field, body, required);

  const submit = async () => {
    await form.validateFields();
    save.mutate(body() as NodeForm);
  };

  const iconOptions = useMemo(
    () =>
      MENU_ICON_NAMES.map((name) => {
        const Icon = menuIcon(name);
        return { value: name, label: <span>{Icon ? createElement(Icon) : null} {name}</span> };
      }),
    [],
  );
  // The node itself and what lies under it cannot be its parent.
  const parentTree = useMemo(() => (editing ? withoutSubtree(menus, editing.id) : menus), [menus, editing]);

  const title = !target ? '' : target.mode === 'edit' ? PermissionFormText.editTitle(target.node.name) : target.mode === 'child' ? PermissionFormText.addChildTitle(target.parent.name) : PermissionFormText.addTitle;
  const yesNo = { checkedChildren: PermissionFormText.yes, unCheckedChildren: PermissionFormText.no };
  // A menu's 是/否 settings, two a row, with their hints.
  const menuSwitches = [
    ['route', PermissionFormText.route, PermissionFormText.routeHelp],
    ['hidden', PermissionFormText.hidden, undefined],
    ['alwaysShow', PermissionFormText.alwaysShow, PermissionFormText.alwaysShowHelp],
    ['keepAlive', PermissionFormText.keepAlive, undefined],
  ] as const;

  return (
    <Modal open={target !== null} title={title} width={760} onCancel={onClose} onOk={() => void submit().catch(() => undefined)} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} name="permission-form" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} autoComplete="off" className="permission-form">
        <Form.Item name="menuType" label={PermissionFormText.menuType} rules={[rule('menuType', true)]}>
          <Radio.Group
            options={([0, 1, 2] as const).map((t) => ({ value: t, label: PermissionMenuTypeLabel[t] }))}
            onChange={() => void form.validateFields(['parentId', 'path', 'action']).catch(() => undefined)}
          />
        </Form.Item>
        <Form.Item name="name" label={isButton ? PermissionFormText.buttonName : PermissionFormText.menuName} rules={[rule('name', true)]}>
          <Input maxLength={100} />
        </Form.Item>
        {menuType !== 0 && (
          <Form.Item
            name="parentId"
            label={PermissionFormText.parent}
            required
            rules={[rule('parentId')]}
          >
            <TreeSelect treeData={parentTree} showSearch treeNodeFilterProp="title" allowClear placeholder={PermissionAdminText.parentRequired.replace('!', '')} />
          </Form.Item>
        )}
        {isButton ? (
          <>
            <Form.Item
              name="action"
              label={PermissionFormText.action}
              required
              extra={PermissionFormText.actionHelp}
              rules={[rule('action')]}
            >
              <Input maxLength={128} placeholder="module:entity:verb" />
            </Form.Item>
            <Form.Item name="authType" label={PermissionFormText.authType} rules={[rule('authType')]}>
              <Radio.Group options={PERMISSION_AUTH_TYPES.map((t) => ({ value: t, label: PermissionAuthTypeLabel[t] }))} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="path" label={PermissionFormText.path} required rules={[rule('path')]}>
              <Input maxLength={255} placeholder="/system/user" />
            </Form.Item>
            <Form.Item name="component" label={PermissionFormText.component} extra={PermissionFormText.componentHelp} rules={[rule('component')]}>
              <Input maxLength={255} placeholder="system/UserList" />
            </Form.Item>
            <Form.Item name="routeName" label={PermissionFormText.routeName} extra={PermissionFormText.routeNameHelp} rules={[rule('routeName')]}>
              <Input maxLength={128} />
            </Form.Item>
            <Form.Item name="redirect" label={PermissionFormText.redirect} rules={[rule('redirect')]}>
              <Input maxLength={255} />
            </Form.Item>
            <Form.Item name="icon" label={PermissionFormText.icon} rules={[rule('icon')]}>
              <AutoComplete options={iconOptions} allowClear filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase())} />
            </Form.Item>
            <Form.Item name="url" label={PermissionFormText.url} extra={PermissionFormText.urlHelp} rules={[rule('url')]}>
              <Input maxLength={500} placeholder="https://… 或 /app/…" />
            </Form.Item>
            <Form.Item name="action" label={PermissionFormText.action} extra={PermissionFormText.actionHelp} rules={[rule('action')]}>
              <Input maxLength={128} />
            </Form.Item>
            <Row>
              {menuSwitches.map(([name, label, tooltip]) => (
                <Col key={name} span={12}>
                  <Form.Item name={name} label={label} tooltip={tooltip} valuePropName="checked" labelCol={{ span: 10 }}>
                    <Switch {...yesNo} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Form.Item name="internalOrExternal" label={PermissionFormText.external}>
              <Radio.Group
                options={[
                  { value: false, label: PermissionFormText.internal },
                  { value: true, label: PermissionFormText.externalOpen },
                ]}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="sort" label={PermissionFormText.sort} rules={[rule('sort')]}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="status" label={PermissionFormText.status} rules={[rule('status')]}>
          <Radio.Group options={PERMISSION_STATUSES.map((s) => ({ value: s, label: PermissionStatusLabel[s] })).reverse()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function withoutSubtree(nodes: readonly PermissionTreeNode[], id: string): PermissionTreeNode[] {
  return nodes.filter((n) => n.key !== id).map((n) => ({ ...n, children: withoutSubtree(n.children, id) }));
}
