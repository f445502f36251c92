import { useEffect, useMemo } from 'react';
import { Form, Input, Modal, Select, Space, Switch, Tag, TreeSelect, Typography } from 'antd';
import {
  DATA_RULE_VARIABLES,
  dataRuleContract,
  dataRuleCreateSchema,
  DataRuleConditionLabel,
  DataRuleVariableLabel,
  VALUELESS_CONDITIONS,
  type DataRule,
  type DataRuleCondition,
  type DataRuleCreate,
  type DataRuleResource,
  type PermissionTreeNode,
} from '@care/shared';
import { schemaRule } from '../../lib/schema-rule';
import { useRecordSave } from '../../components/form/useRecordSave';

export const DataRuleFormText = {
  addTitle: '新增数据规则',
  editTitle: '编辑数据规则',
  permission: '所属权限',
  name: '规则名称',
  resource: '数据资源',
  column: '规则字段',
  condition: '条件',
  value: '规则值',
  enabled: '状态',
  on: '启用',
  off: '停用',
  listHint: '多个值用英文逗号分隔，例如：A01,A02',
  likeHint: '按文本匹配；% 和 _ 按普通字符比较',
  noValue: '该条件不需要规则值',
  variables: '可用变量（点击插入，按当前登录用户取值）：',
  chooseResourceFirst: '请先选择数据资源',
  chooseColumnFirst: '请先选择规则字段',
  typeLabel: { uuid: 'ID', text: '文本', number: '数字', date: '日期' },
} as const;

type RuleForm = DataRuleCreate;

interface DataRuleFormModalProps {
  open: boolean;
  /** The rule being edited; none to add one. */
  rule: DataRule | null;
  /** The permission a new rule hangs on (the one chosen in the tree). */
  permissionId: string | null;
  tree: PermissionTreeNode[];
  resources: DataRuleResource[];
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a data rule: the column comes from what the module registered, the value may hold variables. */
export function DataRuleFormModal({ open, rule, permissionId, tree, resources, onClose, onSaved }: DataRuleFormModalProps) {
  const [form] = Form.useForm<RuleForm>();
  const resource = Form.useWatch('resource', form);
  const columnKey = Form.useWatch('columnKey', form);
  const condition = Form.useWatch('condition', form) as DataRuleCondition | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      rule
        ? { permissionId: rule.permissionId, name: rule.name, resource: rule.resource, columnKey: rule.columnKey, condition: rule.condition, value: rule.value, enabled: rule.enabled }
        : { permissionId: permissionId ?? undefined, resource: resources.length === 1 ? resources[0]!.resource : undefined, value: '', enabled: true },
    );
  }, [open, rule, permissionId, resources, form]);

  const columns = useMemo(() => resources.find((r) => r.resource === resource)?.columns ?? [], [resources, resource]);
  const column = columns.find((c) => c.columnKey === columnKey);
  const valueless = condition !== undefined && VALUELESS_CONDITIONS.includes(condition);

  const save = useRecordSave<RuleForm>({ record: rule, add: dataRuleContract.addPermissionRule, edit: dataRuleContract.editPermissionRule, onSaved, onClose });

  const body = (): Record<string, unknown> => {
    const values = form.getFieldsValue() as Partial<RuleForm>;
    // An untouched field is undefined; the schema should see it as empty, to answer with its "请输入…" text.
    return { ...values, name: values.name ?? '', resource: values.resource ?? '', columnKey: values.columnKey ?? '', value: values.value ?? '', enabled: values.enabled ?? true };
  };
  const rule_ = (field: keyof RuleForm, required = false) => schemaRule(dataRuleCreateSchema, field, body, required);

  const insertVariable = (name: string) => {
    const current = (form.getFieldValue('value') as string | undefined) ?? '';
    const joiner = current && (condition === 'IN' || condition === 'NOT_IN') && !current.endsWith(',') ? ',' : '';
    form.setFieldValue('value', `${current}${joiner}#{${name}}`);
    void form.validateFields(['value']).catch(() => undefined);
  };

  const submit = async () => {
    const values = await form.validateFields();
    save.mutate({ ...values, value: valueless ? '' : (values.value ?? '') });
  };

  const valueHelp = valueless
    ? DataRuleFormText.noValue
    : condition === 'IN' || condition === 'NOT_IN'
      ? DataRuleFormText.listHint
      : condition === 'LIKE' || condition === 'LEFT_LIKE' || condition === 'RIGHT_LIKE'
        ? DataRuleFormText.likeHint
        : undefined;

  return (
    <Modal
      open={open}
      title={rule ? DataRuleFormText.editTitle : DataRuleFormText.addTitle}
      width={640}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} name="data-rule-form" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} autoComplete="off" className="data-rule-form">
        <Form.Item name="permissionId" label={DataRuleFormText.permission} rules={[rule_('permissionId', true)]}>
          <TreeSelect treeData={tree} showSearch treeNodeFilterProp="title" treeDefaultExpandAll={false} placeholder={DataRuleFormText.permission} allowClear />
        </Form.Item>
        <Form.Item name="name" label={DataRuleFormText.name} rules={[rule_('name', true)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="resource" label={DataRuleFormText.resource} rules={[rule_('resource', true)]}>
          <Select
            // Every module registers its resource: a long list, searched by label or code.
            showSearch
            optionFilterProp="label"
            options={resources.map((r) => ({ value: r.resource, label: `${r.label}（${r.resource}）` }))}
            onChange={() => form.setFieldsValue({ columnKey: undefined, condition: undefined })}
          />
        </Form.Item>
        <Form.Item name="columnKey" label={DataRuleFormText.column} rules={[rule_('columnKey', true)]}>
          <Select
            placeholder={resource ? undefined : DataRuleFormText.chooseResourceFirst}
            disabled={!resource}
            options={columns.map((c) => ({ value: c.columnKey, label: `${c.label}（${c.columnKey} · ${DataRuleFormText.typeLabel[c.type]}）` }))}
            onChange={(key: string) => {
              const allowed = columns.find((c) => c.columnKey === key)?.conditions ?? [];
              if (condition && !allowed.includes(condition)) form.setFieldValue('condition', undefined);
            }}
          />
        </Form.Item>
        <Form.Item name="condition" label={DataRuleFormText.condition} rules={[rule_('condition', true)]}>
          <Select
            placeholder={column ? undefined : DataRuleFormText.chooseColumnFirst}
            disabled={!column}
            options={(column?.conditions ?? []).map((c) => ({ value: c, label: `${c} ${DataRuleConditionLabel[c]}` }))}
            onChange={() => void form.validateFields(['value']).catch(() => undefined)}
          />
        </Form.Item>
        <Form.Item name="value" label={DataRuleFormText.value} rules={[rule_('value')]} extra={valueHelp} required={!valueless}>
          <Input disabled={valueless} maxLength={1000} placeholder="#{sys_user_id}" />
        </Form.Item>
        {!valueless && (
          <Form.Item wrapperCol={{ offset: 5, span: 18 }} className="data-rule-variables">
            <Typography.Text type="secondary">{DataRuleFormText.variables}</Typography.Text>
            <Space size={[4, 4]} wrap style={{ marginTop: 4 }}>
              {DATA_RULE_VARIABLES.map((name) => (
                <Tag key={name} style={{ cursor: 'pointer' }} onClick={() => insertVariable(name)} title={DataRuleVariableLabel[name]}>
                  {`#{${name}}`} {DataRuleVariableLabel[name]}
                </Tag>
              ))}
            </Space>
          </Form.Item>
        )}
        <Form.Item name="enabled" label={DataRuleFormText.enabled} valuePropName="checked">
          <Switch checkedChildren={DataRuleFormText.on} unCheckedChildren={DataRuleFormText.off} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
