import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, ColorPicker, Empty, Form, Input, InputNumber, Menu, Row, Select, Space, Spin, Switch, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { dictContract, dictItemCreateSchema, DICT_TAG_PRESET_COLORS, Permission, type DictItem, type DictItemCreate, type DictType } from '@care/shared';
import { AdminText, asSent } from '../../components/dict/admin';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { DictRadio } from '../../components/dict/DictRadio';
import { DictSelect } from '../../components/dict/DictSelect';
import { DictTag } from '../../components/dict/DictTag';
import { useDictOptions, useInvalidateDict } from '../../components/dict/useDictOptions';
import { proTableRequest } from '../../components/crud/pro-table-request';
import { Authorized } from '../../lib/authorized/index';
import { useListAccess } from '../../components/crud/list-access';
import { FormDialog } from '../../components/form/FormDialog';
import { EditDeleteLinks } from '../../components/table/RowLinks';
import { enabledColumn } from '../../components/crm/EnabledTag';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';

export const DictListText = {
  title: '数据字典',
  dictionaries: '字典',
  searchDictionary: '搜索字典名称或编码',
  chooseFirst: '请先在左侧选择字典',
  items: (name: string) => `「${name}」的字典项`,
  value: '数据值',
  label: '名称',
  tag: '标签效果',
  color: '标签颜色',
  defaultColor: '默认',
  customColor: '自定义颜色',
  sort: '排序',
  add: '新增字典项',
  editTitle: '编辑字典项',
  valueFixed: '数据值保存在业务数据中，创建后不能修改；不再使用时请停用',
  deleteConfirm: (label: string) => `确定删除字典项「${label}」吗？已保存该值的数据将只显示原始值。`,
  preview: '效果预览',
  previewSelect: '下拉框',
  previewRadio: '单选框',
  previewTags: '标签',
  tooManyForRadio: '选项较多，表单中请使用下拉框',
} as const;

const RADIO_LIMIT = 8;

/** 数据字典 (/system/dict): the items of one dictionary — order, enabled flag, tag colour — and how they look in forms. */
export function DictList() {
  const { request } = useServices();
  const { allowed: canList } = useListAccess(Permission.dictList);
  const [params, setParams] = useSearchParams();
  const [keyword, setKeyword] = useState('');
  const table = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<{ item: DictItem | null } | null>(null);
  const notice = useSuccessNotice();
  const invalidate = useInvalidateDict();

  const types = useQuery({
    queryKey: ['dict-types-all'],
    queryFn: () => request.call(dictContract.typeList, { pageNo: 1, pageSize: 500, column: 'code', order: 'asc' }),
    enabled: canList,
  });
  const all = useMemo(() => types.data?.records ?? [], [types.data]);
  const chosen = all.find((t) => t.id === params.get('typeId')) ?? all[0] ?? null;
  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return k ? all.filter((t) => t.name.toLowerCase().includes(k) || t.code.toLowerCase().includes(k)) : all;
  }, [all, keyword]);

  const changed = () => {
    if (chosen) void invalidate(chosen.code);
    void types.refetch();
    void table.current?.reload();
  };

  const remove = useMutation({
    mutationFn: (item: DictItem) => request.call(dictContract.itemDelete, { id: item.id }),
    onSuccess: () => {
      notice(dictContract.itemDelete);
      changed();
    },
  });

  const columns: ProColumns<DictItem>[] = [
    { title: DictListText.label, dataIndex: 'label', sorter: true },
    { title: DictListText.value, dataIndex: 'value', sorter: true, render: (_, row) => <Typography.Text code>{row.value}</Typography.Text> },
    { title: DictListText.tag, dataIndex: 'tag', search: false, render: (_, row) => (chosen ? <DictTag code={chosen.code} value={row.value} /> : '-') },
    { title: DictListText.sort, dataIndex: 'sort', search: false, sorter: true, width: 80 },
    enabledColumn<DictItem>(AdminText.status, true),
    { title: AdminText.description, dataIndex: 'description', search: false, ellipsis: true },
    {
      title: AdminText.actions,
      valueType: 'option',
      render: (_, row) => (
        <EditDeleteLinks
          edit={[Permission.dictEdit, () => setEditing({ item: row })]}
          remove={[Permission.dictDelete, DictListText.deleteConfirm(row.label), () => remove.mutateAsync(row)]}
        />
      ),
    },
  ];

  if (!canList) return <Alert type="info" showIcon message={AdminText.noAccess} />;

  return (
    <Row gutter={16}>
      <Col xs={24} lg={6}>
        <Card title={DictListText.dictionaries} size="small" className="dict-type-menu">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input.Search allowClear placeholder={DictListText.searchDictionary} onChange={(e) => setKeyword(e.target.value)} />
            <Spin spinning={types.isLoading}>
              {shown.length === 0 && !types.isLoading ? (
                <Empty />
              ) : (
                <Menu
                  mode="inline"
                  style={{ borderInlineEnd: 'none', maxHeight: 560, overflow: 'auto' }}
                  selectedKeys={chosen ? [chosen.id] : []}
                  onClick={({ key }) => setParams({ typeId: key }, { replace: true })}
                  items={shown.map((t) => ({ key: t.id, label: `${t.name}（${t.code}）` }))}
                />
              )}
            </Spin>
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        {chosen ? (
          <Space direction="vertical" style={{ width: '100%' }} size={12}>
            <DictPreview type={chosen} />
            <ProTable<DictItem>
              className="dict-item-table"
              rowKey="id"
              actionRef={table}
              columns={columns}
              params={{ dictTypeId: chosen.id }}
              request={proTableRequest(request, dictContract.itemList, {
                extra: { dictTypeId: chosen.id },
                mapFilters: (q) => (q.enabled === undefined ? q : { ...q, enabled: q.enabled === true || q.enabled === 'true' }),
              })}
              search={{ labelWidth: 'auto' }}
              pagination={{ defaultPageSize: 20, showSizeChanger: true }}
              headerTitle={DictListText.items(chosen.name)}
              toolBarRender={() => [
                <Authorized key="add" action={Permission.dictAdd}>
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ item: null })}>
                    {DictListText.add}
                  </Button>
                </Authorized>,
              ]}
            />
          </Space>
        ) : (
          <Card>
            <Empty description={DictListText.chooseFirst} />
          </Card>
        )}
      </Col>
      {chosen && (
        <DictItemFormModal
          open={editing !== null}
          type={chosen}
          item={editing?.item ?? null}
          onClose={() => setEditing(null)}
          onSaved={changed}
        />
      )}
    </Row>
  );
}

/** The dictionary as forms show it: a select, radios when short, and its tags. */
function DictPreview({ type }: { type: DictType }) {
  const { data } = useDictOptions(type.code);
  const [value, setValue] = useState<string | undefined>();
  const count = data?.filter((o) => !o.disabled).length ?? 0;
  return (
    <Card size="small" title={DictListText.preview} className="dict-preview">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <span>{DictListText.previewSelect}：</span>
          <DictSelect code={type.code} value={value} onChange={(v) => setValue(v as string | undefined)} style={{ width: 220 }} className="dict-preview-select" />
        </Space>
        <Space wrap>
          <span>{DictListText.previewRadio}：</span>
          {count <= RADIO_LIMIT ? (
            <DictRadio code={type.code} value={value} onChange={(e) => setValue(e.target.value as string)} />
          ) : (
            <Typography.Text type="secondary">{DictListText.tooManyForRadio}</Typography.Text>
          )}
        </Space>
        <Space wrap className="dict-preview-tags">
          <span>{DictListText.previewTags}：</span>
          <DictTag code={type.code} value={(data ?? []).map((o) => o.value)} />
        </Space>
      </Space>
    </Card>
  );
}

interface DictItemFormModalProps {
  open: boolean;
  type: DictType;
  item: DictItem | null;
  onClose: () => void;
  onSaved: () => void;
}

type ItemForm = Omit<DictItemCreate, 'dictTypeId'>;

function DictItemFormModal({ open, type, item, onClose, onSaved }: DictItemFormModalProps) {
  const { request } = useServices();
  const [form] = Form.useForm<ItemForm>();
  const notice = useSuccessNotice();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      item
        ? { value: item.value, label: item.label, color: item.color, sort: item.sort, enabled: item.enabled, description: item.description }
        : { color: '', sort: 0, enabled: true, description: '' },
    );
  }, [open, item, form]);

  const save = useMutation({
    mutationFn: (values: ItemForm) => {
      const fields = { label: values.label, color: values.color ?? '', sort: values.sort ?? 0, enabled: values.enabled ?? true, description: values.description ?? '' };
      return item
        ? request.call(dictContract.itemEdit, { id: item.id, version: item.version, ...fields })
        : request.call(dictContract.itemAdd, { dictTypeId: type.id, value: values.value, ...fields });
    },
    onSuccess: () => {
      notice(item ? dictContract.itemEdit : dictContract.itemAdd);
      onSaved();
      onClose();
    },
  });

  const rule = (field: keyof ItemForm, required = false) =>
    schemaRule(dictItemCreateSchema, field, () => asSent({ dictTypeId: type.id, ...form.getFieldsValue(), ...(item ? { value: item.value } : {}) }, ['value', 'label', 'color', 'description']), required);

  return (
    <FormDialog
      form={form}
      formProps={{ name: 'dictItemForm', labelCol: { span: 6 }, wrapperCol: { span: 16 }, className: 'dict-item-form' }}
      onSubmit={save.mutate}
      pending={save.isPending}
      open={open}
      title={item ? DictListText.editTitle : DictListText.add}
      onCancel={onClose}
    >
      <Form.Item name="label" label={DictListText.label} rules={[rule('label', true)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="value"
        label={DictListText.value}
        rules={item ? [] : [rule('value', true)]}
        extra={item ? <Typography.Text type="secondary">{DictListText.valueFixed}</Typography.Text> : undefined}
      >
        <Input maxLength={64} disabled={item !== null} />
      </Form.Item>
      <Form.Item name="color" label={DictListText.color} rules={[rule('color')]}>
        <TagColorInput />
      </Form.Item>
      <Form.Item name="sort" label={DictListText.sort} rules={[rule('sort')]}>
        <InputNumber min={0} max={100000} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="enabled" label={AdminText.status} valuePropName="checked">
        <Switch checkedChildren={AdminText.on} unCheckedChildren={AdminText.off} />
      </Form.Item>
      <Form.Item name="description" label={AdminText.description} rules={[rule('description')]}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/** A preset tag colour, or a custom hex colour from the picker. */
function TagColorInput({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const current = value ?? '';
  const presets = DICT_TAG_PRESET_COLORS.map((c) => ({ value: c, label: <Tag color={c}>{c}</Tag> }));
  const options = [
    { value: '', label: <Tag>{DictListText.defaultColor}</Tag> },
    ...presets,
    ...(current.startsWith('#') ? [{ value: current, label: <Tag color={current}>{current}</Tag> }] : []),
  ];
  return (
    <Space.Compact>
      <Select value={current} onChange={(v) => onChange?.(v)} options={options} virtual={false} listHeight={320} style={{ width: 180 }} className="dict-color-select" />
      <ColorPicker
        value={current.startsWith('#') ? current : undefined}
        disabledAlpha
        onChangeComplete={(c) => onChange?.(c.toHexString())}
        showText={() => DictListText.customColor}
      />
    </Space.Compact>
  );
}
