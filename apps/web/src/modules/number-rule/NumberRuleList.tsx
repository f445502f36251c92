import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Switch, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  formatRuleNumber,
  numberRuleContract,
  numberRuleCreateSchema,
  numberRuleResource,
  type NumberDatePattern,
  type NumberRule,
  type NumberRuleCreate,
} from '@care/shared';
import { AdminText, asSent } from '../../components/dict/admin';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { DictSelect } from '../../components/dict/DictSelect';
import { useDuplicateRule } from '../../components/dict/remote-rules';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';

export const NumberRuleText = {
  title: '编码规则',
  code: '规则编码',
  name: '规则名称',
  prefix: '前缀',
  datePattern: '日期格式',
  seqLength: '流水号位数',
  resetPeriod: '重置周期',
  example: '编码示例',
  add: '新增编码规则',
  editTitle: '编辑编码规则',
  codePlaceholder: '如 order_no；业务模块按编码取号',
  codeFixed: '编码创建后不能修改：业务模块按编码取号',
  intro: '编码 = 前缀 + 日期 + 流水号。已发出的编号永不重复：修改规则后若新编号与旧编号相同，会自动跳过。',
  deleteConfirm: (name: string) => `确定删除编码规则「${name}」吗？使用它的业务将无法生成编号。`,
} as const;

/** 编码规则 (/system/numberRule): how business numbers (lead, order, contract …) are made. */
export function NumberRuleList() {
  return (
    <ResourceTable
      className="number-rule-table"
      resource={numberRuleResource}
      contracts={numberRuleContract}
      tooltip={NumberRuleText.intro}
      addLabel={NumberRuleText.add}
      columns={{
        code: { copyable: true },
        seqLength: { width: 100, align: undefined },
        description: { hideInTable: true },
      }}
      extraColumns={[{ title: NumberRuleText.example, dataIndex: 'example', search: false, render: (_, row) => <Typography.Text code>{String(row.example)}</Typography.Text> }]}
      deleteConfirm={(row) => NumberRuleText.deleteConfirm(String(row.name))}
      renderForm={({ row, ...dialog }) => <NumberRuleFormModal {...dialog} rule={row as unknown as NumberRule | null} />}
    />
  );
}

interface FormModalProps {
  open: boolean;
  rule: NumberRule | null;
  onClose: () => void;
  onSaved: () => void;
}

function NumberRuleFormModal({ open, rule, onClose, onSaved }: FormModalProps) {
  const { request } = useServices();
  const [form] = Form.useForm<NumberRuleCreate>();
  const notice = useSuccessNotice();
  const unique = useDuplicateRule('number_rule', 'code', rule?.id);
  const prefix = Form.useWatch('prefix', form) ?? '';
  const datePattern = Form.useWatch('datePattern', form) as NumberDatePattern | undefined;
  const seqLength = Form.useWatch('seqLength', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      rule
        ? {
            code: rule.code,
            name: rule.name,
            prefix: rule.prefix,
            datePattern: rule.datePattern,
            seqLength: rule.seqLength,
            resetPeriod: rule.resetPeriod,
            enabled: rule.enabled,
            description: rule.description,
          }
        : { prefix: '', datePattern: 'YYYYMMDD', seqLength: 4, resetPeriod: 'day', enabled: true, description: '' },
    );
  }, [open, rule, form]);

  const save = useMutation({
    mutationFn: (values: NumberRuleCreate) => {
      const { code, ...fields } = { ...values, prefix: values.prefix ?? '', description: values.description ?? '', enabled: values.enabled ?? true };
      return rule ? request.call(numberRuleContract.edit, { id: rule.id, version: rule.version, ...fields }) : request.call(numberRuleContract.add, { code, ...fields });
    },
    onSuccess: () => {
      notice(rule ? numberRuleContract.edit : numberRuleContract.add);
      onSaved();
      onClose();
    },
  });

  const rule_ = (field: keyof NumberRuleCreate, required = false) =>
    schemaRule(numberRuleCreateSchema, field, () => asSent({ code: rule?.code, ...(form.getFieldsValue() as Record<string, unknown>) }, ['code', 'name', 'prefix', 'description']), required);

  const example = datePattern && typeof seqLength === 'number' && seqLength >= 1 ? formatRuleNumber({ prefix, datePattern, seqLength }, new Date(), 1) : '-';

  return (
    <Modal
      open={open}
      title={rule ? NumberRuleText.editTitle : NumberRuleText.add}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => save.mutate(values), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      <Form form={form} name="numberRuleForm" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} autoComplete="off" className="number-rule-form">
        <Form.Item
          name="code"
          label={NumberRuleText.code}
          rules={rule ? [] : [rule_('code', true), unique]}
          validateTrigger={['onBlur']}
          extra={rule ? <Typography.Text type="secondary">{NumberRuleText.codeFixed}</Typography.Text> : undefined}
        >
          <Input placeholder={NumberRuleText.codePlaceholder} maxLength={64} disabled={rule !== null} />
        </Form.Item>
        <Form.Item name="name" label={NumberRuleText.name} rules={[rule_('name', true)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="prefix" label={NumberRuleText.prefix} rules={[rule_('prefix')]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="datePattern" label={NumberRuleText.datePattern} rules={[rule_('datePattern', true)]}>
          <DictSelect code="number_date_pattern" allowClear={false} />
        </Form.Item>
        <Form.Item name="seqLength" label={NumberRuleText.seqLength} rules={[rule_('seqLength', true)]}>
          <InputNumber min={1} max={12} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="resetPeriod" label={NumberRuleText.resetPeriod} rules={[rule_('resetPeriod', true)]} dependencies={['datePattern']}>
          <DictSelect code="number_reset_period" allowClear={false} />
        </Form.Item>
        <Form.Item label={NumberRuleText.example}>
          <Typography.Text code className="number-rule-example">
            {example}
          </Typography.Text>
        </Form.Item>
        <Form.Item name="enabled" label={AdminText.status} valuePropName="checked">
          <Switch checkedChildren={AdminText.on} unCheckedChildren={AdminText.off} />
        </Form.Item>
        <Form.Item name="description" label={AdminText.description} rules={[rule_('description')]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
