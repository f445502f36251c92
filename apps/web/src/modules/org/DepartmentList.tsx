import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Descriptions, Empty, Form, Input, InputNumber, Modal, Popconfirm, Row, Space, Spin, Switch, Tag, Tree, Typography } from 'antd';
import type { DataNode, EventDataNode } from 'antd/es/tree';
import { departmentContract, departmentCreateSchema, Permission, type Department, type DepartmentCreate, type UserOption } from '@care/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { branchKeysOf, filterDepartmentTree, parentIndex } from '../../components/org/department-tree';
import { invalidateDepartments, useDepartmentTree } from '../../components/org/org-queries';
import { OrgText } from '../../components/org/org-text';
import { UserSelect } from '../../components/org/UserSelect';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { schemaRule, type SchemaRule } from '../../lib/schema-rule';
import type { ContractInput } from '../../lib/request';
import { useServices } from '../../lib/useServices';

export const DepartmentListText = {
  tree: '部门',
  detail: '部门详情',
  search: '搜索部门名称',
  addTop: '新增部门',
  addChild: '添加下级',
  addTitle: (parent: string | null) => (parent ? `添加下级部门：${parent}` : '新增顶级部门'),
  parent: '上级部门',
  topLevel: '无（顶级部门）',
  name: '部门名称',
  code: '部门编码',
  codeHint: '保存后按上级部门自动生成',
  sort: '排序',
  head: '负责人',
  noHead: '未设置',
  enable: '启用',
  disable: '停用',
  disableConfirm: '确定停用该部门吗？',
  enableConfirm: '确定启用该部门吗？',
  remove: '删除',
  removeConfirm: '确定删除该部门吗？删除后不可恢复。',
  removeHint: '有下级部门或用户的部门不能删除。',
  empty: '暂无部门',
  noMatch: '没有匹配的部门',
  choose: '请在左侧选择一个部门',
  refresh: '刷新',
  notLoaded: '无法加载该部门，请刷新后重试',
} as const;

/** Children lists by parent id ('' for the top level), loaded lazily as the tree opens. */
type ChildrenIndex = Record<string, Department[]>;
const keyOf = (parentId: string | null) => parentId ?? '';

interface DepartmentNode extends DataNode {
  department?: Department;
}

/**
 * 部门: the department tree of the session company, loaded one level at a time
 * (getEcPartyGroupLazy); searching by name uses the whole tree (queryIdTree). The chosen department
 * is edited on the right: name, order, head, enabled; children are added under it.
 */
export function DepartmentList() {
  const { request } = useServices();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const authorized = useAuthorized();
  const mayEdit = authorized(Permission.departmentEdit);

  const [children, setChildren] = useState<ChildrenIndex>({});
  const [loadingTop, setLoadingTop] = useState(true);
  const [expandedKeys, setExpandedKeys] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<{ id: string; parentId: string | null } | null>(null);
  const [adding, setAdding] = useState<{ parent: Department | null } | null>(null);

  const searching = keyword.trim() !== '';
  const wholeTree = useDepartmentTree(searching);

  const load = useCallback(
    async (parentId: string | null) => {
      const rows = await request.call(departmentContract.getEcPartyGroupLazy, { parentId });
      setChildren((prev) => ({ ...prev, [keyOf(parentId)]: rows }));
      return rows;
    },
    [request],
  );

  useEffect(() => {
    load(null)
      .catch(() => undefined)
      .finally(() => setLoadingTop(false));
  }, [load]);

  const find = (id: string, parentId: string | null) => children[keyOf(parentId)]?.find((d) => d.id === id);
  const current = selected ? find(selected.id, selected.parentId) : undefined;

  /** After a change: the lists that show it again, and every department picker. */
  const refreshAround = async (...parentIds: (string | null)[]) => {
    await Promise.all([...new Set(parentIds.map(keyOf))].map((key) => load(key === '' ? null : key).catch(() => undefined)));
    void invalidateDepartments(queryClient);
  };

  const lazyNodes = (parentKey: string): DepartmentNode[] =>
    (children[parentKey] ?? []).map((d) => ({
      key: d.id,
      title: <DepartmentTitle department={d} />,
      isLeaf: !d.hasChildren,
      children: children[d.id] ? lazyNodes(d.id) : undefined,
      department: d,
    }));

  const searchTree = useMemo(() => filterDepartmentTree(wholeTree.data ?? [], keyword), [wholeTree.data, keyword]);
  const parents = useMemo(() => parentIndex(wholeTree.data ?? []), [wholeTree.data]);
  const treeData: DepartmentNode[] = searching ? searchTree.map(function toNode(n): DepartmentNode {
    return { key: n.key, title: <Highlight text={n.title} keyword={keyword} />, children: n.children.map(toNode), isLeaf: n.children.length === 0 };
  }) : lazyNodes('');

  const loadBranch = async (id: string) => {
    if (!children[id]) await load(id).catch(() => undefined);
  };

  const choose = (node: EventDataNode<DepartmentNode>) => {
    const id = String(node.key);
    const parentId = node.department ? node.department.parentId : (parents.get(id) ?? null);
    setSelected({ id, parentId });
    if (!children[keyOf(parentId)]) void load(parentId).catch(() => undefined);
  };

  const edit = useMutation({
    mutationFn: (body: ContractInput<typeof departmentContract.edit>) => request.call(departmentContract.edit, body),
    onSuccess: async (saved) => {
      void message.success(departmentContract.edit.successMessage);
      await refreshAround(saved.parentId);
    },
  });

  const remove = useMutation({
    mutationFn: (department: Department) => request.call(departmentContract.delete, { id: department.id }),
    onSuccess: async (_null, department) => {
      void message.success(departmentContract.delete.successMessage);
      setSelected(null);
      // The parent may have lost its last child, which its own parent's list tells.
      const parent = Object.values(children).flat().find((d) => d.id === department.parentId);
      await refreshAround(department.parentId, parent?.parentId ?? null);
    },
  });

  const added = async (department: Department, parent: Department | null) => {
    await refreshAround(department.parentId, parent?.parentId ?? null);
    if (parent) setExpandedKeys((keys) => [...new Set([...keys, parent.id])]);
    setSelected({ id: department.id, parentId: department.parentId });
  };

  const toggle = (department: Department) =>
    edit.mutateAsync({ id: department.id, version: department.version, name: department.name, sort: department.sort, enabled: !department.enabled }).catch(() => undefined);

  return (
    <Row gutter={16} className="department-list">
      <Col xs={24} md={10} xl={8}>
        <Card
          title={DepartmentListText.tree}
          extra={
            <Space>
              <Button
                icon={<ReloadOutlined />}
                aria-label={DepartmentListText.refresh}
                onClick={() => {
                  setChildren({});
                  setExpandedKeys([]);
                  setLoadingTop(true);
                  void load(null).catch(() => undefined).finally(() => setLoadingTop(false));
                  void invalidateDepartments(queryClient);
                }}
              />
              <Authorized action={Permission.departmentAdd}>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding({ parent: null })}>
                  {DepartmentListText.addTop}
                </Button>
              </Authorized>
            </Space>
          }
        >
          <Input.Search allowClear placeholder={DepartmentListText.search} onChange={(e) => setKeyword(e.target.value)} style={{ marginBottom: 12 }} />
          <Spin spinning={searching ? wholeTree.isFetching : loadingTop}>
            {treeData.length === 0 && !(searching ? wholeTree.isFetching : loadingTop) ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searching ? DepartmentListText.noMatch : DepartmentListText.empty} />
            ) : (
              <Tree<DepartmentNode>
                // The search tree and the lazy tree keep separate internal state (loading, motion).
                key={searching ? 'search' : 'lazy'}
                className="department-tree"
                blockNode
                showLine
                treeData={treeData}
                // Lazy mode: the tree asks for a branch's children when it first opens.
                loadData={searching ? undefined : (node) => loadBranch(String(node.key))}
                loadedKeys={Object.keys(children).filter((key) => key !== '')}
                expandedKeys={searching ? branchKeysOf(searchTree) : expandedKeys}
                onExpand={(keys) => !searching && setExpandedKeys(keys.map(String))}
                selectedKeys={selected ? [selected.id] : []}
                onSelect={(_keys, info) => choose(info.node)}
              />
            )}
          </Spin>
        </Card>
      </Col>
      <Col xs={24} md={14} xl={16}>
        <Card
          title={DepartmentListText.detail}
          extra={
            current && (
              <Space wrap>
                <Authorized action={Permission.departmentAdd}>
                  <Button icon={<PlusOutlined />} onClick={() => setAdding({ parent: current })}>
                    {DepartmentListText.addChild}
                  </Button>
                </Authorized>
                <Authorized action={Permission.departmentEdit}>
                  <Popconfirm title={current.enabled ? DepartmentListText.disableConfirm : DepartmentListText.enableConfirm} onConfirm={() => toggle(current)}>
                    <Button danger={current.enabled}>{current.enabled ? DepartmentListText.disable : DepartmentListText.enable}</Button>
                  </Popconfirm>
                </Authorized>
                <Authorized action={Permission.departmentDelete}>
                  <Popconfirm title={DepartmentListText.removeConfirm} description={DepartmentListText.removeHint} okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(current).catch(() => undefined)}>
                    <Button danger icon={<DeleteOutlined />}>
                      {DepartmentListText.remove}
                    </Button>
                  </Popconfirm>
                </Authorized>
              </Space>
            )
          }
        >
          {!selected ? (
            <Empty description={DepartmentListText.choose} />
          ) : !current ? (
            <Spin>
              <Empty description={children[keyOf(selected.parentId)] ? DepartmentListText.notLoaded : ' '} />
            </Spin>
          ) : (
            <DepartmentEditForm
              key={`${current.id}:${current.version}`}
              department={current}
              parentName={selected.parentId ? (Object.values(children).flat().find((d) => d.id === selected.parentId)?.name ?? null) : null}
              disabled={!mayEdit}
              saving={edit.isPending}
              onSave={(values) => edit.mutate({ ...values, id: current.id, version: current.version })}
            />
          )}
        </Card>
      </Col>
      <DepartmentAddModal adding={adding} onClose={() => setAdding(null)} onAdded={added} />
    </Row>
  );
}

function DepartmentTitle({ department }: { department: Department }) {
  return (
    <Space size={6} className="department-node">
      <span>{department.name}</span>
      {!department.enabled && <Tag>{OrgText.disabled}</Tag>}
      {department.headUserName && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {department.headUserName}
        </Typography.Text>
      )}
    </Space>
  );
}

function Highlight({ text, keyword }: { text: string; keyword: string }): ReactNode {
  const at = text.toLowerCase().indexOf(keyword.trim().toLowerCase());
  if (at < 0) return text;
  const end = at + keyword.trim().length;
  return (
    <span>
      {text.slice(0, at)}
      <span style={{ color: '#f50' }}>{text.slice(at, end)}</span>
      {text.slice(end)}
    </span>
  );
}

type DepartmentFields = Pick<DepartmentCreate, 'name' | 'sort' | 'enabled' | 'headUserId'>;

const headKnown = (department: Department | null): UserOption[] =>
  department?.headUserId ? [{ id: department.headUserId, username: '', firstName: department.headUserName ?? '', phone: null, departmentName: null }] : [];

interface DepartmentEditFormProps {
  department: Department;
  parentName: string | null;
  disabled: boolean;
  saving: boolean;
  onSave: (values: DepartmentFields & { enabled: boolean }) => void;
}

function DepartmentEditForm({ department, parentName, disabled, saving, onSave }: DepartmentEditFormProps) {
  const [form] = Form.useForm<DepartmentFields>();
  const known = useMemo(() => headKnown(department), [department]);
  const rule = (field: keyof DepartmentFields, required = false) => schemaRule(departmentCreateSchema, field, () => form.getFieldsValue(), required);
  return (
    <>
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={DepartmentListText.parent}>{department.parentId ? (parentName ?? '—') : DepartmentListText.topLevel}</Descriptions.Item>
        <Descriptions.Item label={DepartmentListText.code}>{department.code}</Descriptions.Item>
        <Descriptions.Item label={OrgText.status}>
          <Tag color={department.enabled ? 'green' : 'default'}>{department.enabled ? OrgText.enabled : OrgText.disabled}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={DepartmentListText.head}>{department.headUserName ?? DepartmentListText.noHead}</Descriptions.Item>
      </Descriptions>
      <Form
        form={form}
        name="departmentEdit"
        className="department-form"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 14 }}
        disabled={disabled}
        initialValues={{ name: department.name, sort: department.sort, headUserId: department.headUserId }}
        onFinish={(values) => onSave({ ...values, headUserId: values.headUserId ?? null, enabled: department.enabled })}
      >
        <DepartmentItems rule={rule} head={<UserSelect known={known} disabled={disabled} />} />
        {!disabled && (
          <Form.Item wrapperCol={{ offset: 4 }}>
            <Button type="primary" htmlType="submit" loading={saving}>
              {OrgText.save}
            </Button>
          </Form.Item>
        )}
      </Form>
    </>
  );
}

/** 部门名称, 排序 and 负责人, as the add and edit forms both hold them. */
function DepartmentItems({ rule, head }: { rule: (field: keyof DepartmentFields, required?: boolean) => SchemaRule; head: ReactNode }) {
  return (
    <>
      <Form.Item name="name" label={DepartmentListText.name} rules={[rule('name', true)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="sort" label={DepartmentListText.sort} rules={[rule('sort')]}>
        <InputNumber min={0} max={100000} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="headUserId" label={DepartmentListText.head}>
        {head}
      </Form.Item>
    </>
  );
}

interface DepartmentAddModalProps {
  adding: { parent: Department | null } | null;
  onClose: () => void;
  onAdded: (department: Department, parent: Department | null) => Promise<void>;
}

function DepartmentAddModal({ adding, onClose, onAdded }: DepartmentAddModalProps) {
  const { request } = useServices();
  const { message } = App.useApp();
  const [form] = Form.useForm<DepartmentFields>();
  const parent = adding?.parent ?? null;

  const save = useMutation({
    mutationFn: (values: DepartmentFields) => request.call(departmentContract.add, { ...values, parentId: parent?.id ?? null, headUserId: values.headUserId ?? null }),
    onSuccess: async (department) => {
      void message.success(departmentContract.add.successMessage);
      onClose();
      await onAdded(department, parent);
    },
  });

  const rule = (field: keyof DepartmentFields, required = false) => schemaRule(departmentCreateSchema, field, () => form.getFieldsValue(), required);

  return (
    <Modal
      open={adding !== null}
      title={DepartmentListText.addTitle(parent?.name ?? null)}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => save.mutate(values), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} name="departmentAdd" className="department-add-form" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} autoComplete="off" preserve={false} initialValues={{ name: '', sort: 0, enabled: true }}>
        <Form.Item label={DepartmentListText.parent}>
          <Typography.Text>{parent?.name ?? DepartmentListText.topLevel}</Typography.Text>
        </Form.Item>
        <Form.Item label={DepartmentListText.code}>
          <Typography.Text type="secondary">{DepartmentListText.codeHint}</Typography.Text>
        </Form.Item>
        <DepartmentItems rule={rule} head={<UserSelect />} />
        <Form.Item name="enabled" label={OrgText.status} valuePropName="checked">
          <Switch checkedChildren={OrgText.enabled} unCheckedChildren={OrgText.disabled} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
