import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import {
  CHECK_RULE_MAX_SEGMENTS,
  checkRuleContract,
  checkRuleCreateSchema,
  checkRuleResource,
  checkRuleSegmentSchema,
  CheckRuleText,
  type CheckOutcome,
  type CheckRule,
} from '@care/shared';
import { AdminText, asSent, zodFieldRule } from '../../components/dict/admin';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { useDuplicateRule } from '../../components/dict/remote-rules';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { FormDialog } from '../../components/form/FormDialog';

export const CheckRuleListText = {
  title: '校验规则',
  code: '规则编码',
  name: '规则名称',
  segments: '规则',
  digits: '位数',
  pattern: '正则表达式',
  message: '提示文本',
  add: '新增校验规则',
  editTitle: '编辑校验规则',
  addSegment: '添加规则',
  test: '测试',
  testTitle: (name: string) => `测试「${name}」`,
  testValue: '待校验的值',
  runTest: '校验',
  codePlaceholder: '如 mobile；表单按编码使用规则',
  codeFixed: '编码创建后不能修改：表单按编码使用规则',
  segmentCount: (n: number) => `${n} 条`,
  intro:
    '每条规则依次校验：位数为 n 时校验接着的 n 个字符，为 * 时校验整个值；值必须完整匹配正则表达式，否则显示提示文本。可能导致灾难性回溯的正则表达式（如 (a+)+）不能保存。',
  deleteConfirm: (name: string) => `确定删除校验规则「${name}」吗？使用它的表单将无法校验。`,
} as const;

/** 校验规则 (/system/checkRule): rules made of segments (digits, pattern, message) that forms check values against. */
export function CheckRuleList() {
  const [testing, setTesting] = useState<CheckRule | null>(null);
  return (
    <>
      <ResourceTable
        className="check-rule-table"
        resource={checkRuleResource}
        contracts={checkRuleContract}
        tooltip={CheckRuleListText.intro}
        addLabel={CheckRuleListText.add}
        columns={{
          code: { copyable: true },
          segments: {
            hideInTable: false,
            search: false,
            render: (_, row) => (
              <Space direction="vertical" size={0}>
                {(row as unknown as CheckRule).segments.map((s, i) => (
                  <Typography.Text key={i} type="secondary" style={{ fontSize: 12 }}>
                    {s.digits === '*' ? '*' : `${s.digits}位`} <Typography.Text code>{s.pattern}</Typography.Text> {s.message}
                  </Typography.Text>
                ))}
              </Space>
            ),
          },
          description: { search: false },
        }}
        extraColumns={[{ title: AdminText.updatedAt, dataIndex: 'updatedAt', search: false }]}
        deleteConfirm={(row) => CheckRuleListText.deleteConfirm(String(row.name))}
        rowActions={(row) => [{ key: 'test', label: CheckRuleListText.test, onClick: () => setTesting(row as unknown as CheckRule) }]}
        renderForm={({ row, ...dialog }) => <CheckRuleFormModal {...dialog} rule={row as unknown as CheckRule | null} />}
      />
      <CheckRuleTestModal rule={testing} onClose={() => setTesting(null)} />
    </>
  );
}

type FormValues = {
  code: string;
  name: string;
  description?: string;
  segments: { digits: string; pattern: string; message: string }[];
};

function patternRule() {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const text = typeof value === 'string' ? value : '';
      if (text === '') throw new Error('请输入正则表达式!');
      try {
        new RegExp(text);
      } catch {
        throw new Error(CheckRuleText.badPattern);
      }
    },
  };
}

function CheckRuleFormModal({ open, rule, onClose, onSaved }: { open: boolean; rule: CheckRule | null; onClose: () => void; onSaved: () => void }) {
  const { request } = useServices();
  const [form] = Form.useForm<FormValues>();
  const notice = useSuccessNotice();
  const unique = useDuplicateRule('check_rule', 'code', rule?.id);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      rule
        ? { code: rule.code, name: rule.name, description: rule.description, segments: rule.segments }
        : { segments: [{ digits: '*', pattern: '', message: '' }], description: '' },
    );
  }, [open, rule, form]);

  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const fields = { name: values.name, description: values.description ?? '', segments: values.segments };
      return rule ? request.call(checkRuleContract.edit, { id: rule.id, version: rule.version, ...fields }) : request.call(checkRuleContract.add, { code: values.code, ...fields });
    },
    onSuccess: () => {
      notice(rule ? checkRuleContract.edit : checkRuleContract.add);
      onSaved();
      onClose();
    },
  });

  const rule_ = (field: 'code' | 'name' | 'description', required = false) =>
    schemaRule(checkRuleCreateSchema, field, () => asSent({ code: rule?.code, ...(form.getFieldsValue() as Record<string, unknown>) }, ['code', 'name', 'description']), required);

  return (
    <FormDialog
      form={form}
      formProps={{ name: 'checkRuleForm', layout: 'vertical', className: 'check-rule-form' }}
      onSubmit={save.mutate}
      pending={save.isPending}
      open={open}
      title={rule ? CheckRuleListText.editTitle : CheckRuleListText.add}
      onCancel={onClose}
      width={820}
    >
      <Space align="start" wrap>
        <Form.Item
          name="code"
          label={CheckRuleListText.code}
          rules={rule ? [] : [rule_('code', true), unique]}
          validateTrigger={['onBlur']}
          extra={rule ? CheckRuleListText.codeFixed : undefined}
          style={{ width: 300 }}
        >
          <Input placeholder={CheckRuleListText.codePlaceholder} maxLength={64} disabled={rule !== null} />
        </Form.Item>
        <Form.Item name="name" label={CheckRuleListText.name} rules={[rule_('name', true)]} style={{ width: 300 }}>
          <Input maxLength={100} />
        </Form.Item>
      </Space>
      <Alert type="info" showIcon message={CheckRuleListText.intro} style={{ marginBottom: 12 }} />
      <Form.List name="segments">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Space key={field.key} align="start" className="check-rule-segment">
                <Form.Item name={[field.name, 'digits']} label={index === 0 ? CheckRuleListText.digits : undefined} rules={[zodFieldRule(checkRuleSegmentSchema.shape.digits, true)]} style={{ width: 90 }}>
                  <Input placeholder="*" maxLength={3} />
                </Form.Item>
                <Form.Item name={[field.name, 'pattern']} label={index === 0 ? CheckRuleListText.pattern : undefined} rules={[{ required: true, ...patternRule() }]} style={{ width: 300 }}>
                  <Input placeholder="\d{11}" maxLength={200} />
                </Form.Item>
                <Form.Item name={[field.name, 'message']} label={index === 0 ? CheckRuleListText.message : undefined} rules={[zodFieldRule(checkRuleSegmentSchema.shape.message, true)]} style={{ width: 280 }}>
                  <Input maxLength={100} />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  disabled={fields.length === 1}
                  onClick={() => remove(field.name)}
                  style={{ marginTop: index === 0 ? 30 : 0 }}
                  aria-label={AdminText.delete}
                />
              </Space>
            ))}
            <Form.Item>
              <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= CHECK_RULE_MAX_SEGMENTS} onClick={() => add({ digits: '*', pattern: '', message: '' })}>
                {CheckRuleListText.addSegment}
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Form.Item name="description" label={AdminText.description} rules={[rule_('description')]}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}

function CheckRuleTestModal({ rule, onClose }: { rule: CheckRule | null; onClose: () => void }) {
  const { request } = useServices();
  const [value, setValue] = useState('');
  const [outcome, setOutcome] = useState<CheckOutcome | null>(null);
  useEffect(() => {
    setValue('');
    setOutcome(null);
  }, [rule]);
  const run = useMutation({
    mutationFn: () => request.call(checkRuleContract.checkByCode, { ruleCode: rule!.code, value }),
    onSuccess: setOutcome,
  });
  return (
    <Modal open={rule !== null} title={rule ? CheckRuleListText.testTitle(rule.name) : ''} onCancel={onClose} footer={null} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Table
          size="small"
          pagination={false}
          rowKey={(_, i) => String(i)}
          dataSource={rule?.segments ?? []}
          columns={[
            { title: CheckRuleListText.digits, dataIndex: 'digits', width: 60 },
            { title: CheckRuleListText.pattern, dataIndex: 'pattern', render: (p: string) => <Typography.Text code>{p}</Typography.Text> },
            { title: CheckRuleListText.message, dataIndex: 'message' },
          ]}
        />
        <Space.Compact style={{ width: '100%' }}>
          <Input
            placeholder={CheckRuleListText.testValue}
            value={value}
            maxLength={500}
            onChange={(e) => {
              setValue(e.target.value);
              setOutcome(null);
            }}
            onPressEnter={() => run.mutate()}
          />
          <Button type="primary" loading={run.isPending} onClick={() => run.mutate()}>
            {CheckRuleListText.runTest}
          </Button>
        </Space.Compact>
        {outcome && <Alert className="check-rule-outcome" type={outcome.passed ? 'success' : 'error'} showIcon message={outcome.message} />}
      </Space>
    </Modal>
  );
}
