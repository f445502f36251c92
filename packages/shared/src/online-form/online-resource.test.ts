import { describe, expect, it } from 'vitest';
import { onlineFieldSchema, type OnlineFieldInput, type OnlineForm } from './online-form.schema.js';
import { onlineResource } from './online-resource.js';

const f = (input: OnlineFieldInput) => onlineFieldSchema.parse(input);

const form = (fields: OnlineFieldInput[], formType: OnlineForm['formType'] = 'single') => ({
  tableName: 'nursing_supply',
  title: '护理耗材',
  formType,
  fields: fields.map(f),
});

const ID = '6c0f3c36-4a0e-4a53-9a4f-0e7bfbb1b6a1';
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('onlineResource', () => {
  const supply = onlineResource(
    form([
      { name: 'name', label: '耗材名称', type: 'text', length: 20, required: true, search: true, sort: true },
      { name: 'spec', label: '规格', type: 'textarea', length: 50 },
      { name: 'qty', label: '数量', type: 'number', length: 4, required: true, sort: true, search: true },
      { name: 'weight', label: '重量', type: 'number', length: 6, scale: 2 },
      { name: 'price', label: '单价', type: 'money', search: true },
      { name: 'bought_on', label: '采购日期', type: 'date', search: true, sort: true },
      { name: 'checked_at', label: '盘点时间', type: 'datetime', search: true },
      { name: 'enabled', label: '启用', type: 'switch', defaultValue: 'true', search: true },
      { name: 'kind', label: '类别', type: 'select', dictCode: 'supply_kind', required: true, search: true },
      { name: 'tags', label: '标签', type: 'checkbox', dictCode: 'supply_tag' },
      { name: 'photo', label: '图片', type: 'image', list: false },
      { name: 'keeper', label: '保管人', type: 'user', search: true },
      { name: 'note', label: '说明', type: 'richtext', export: false },
      { name: 'unit', label: '单位', type: 'text', length: 10, defaultValue: '个' },
    ]),
  );

  it('names the table in the online_data schema, the resource after the form', () => {
    expect(supply).toMatchObject({ name: 'nursing_supply', table: 'online_data.nursing_supply', label: '护理耗材' });
    expect(supply.columns.bought_on).toBe('bought_on');
  });

  it('answers the product messages for required fields and lengths', () => {
    expect(messages(supply.create.safeParse({}))).toEqual(['请输入耗材名称!', '请输入数量!', '请选择类别!']);
    expect(messages(supply.create.safeParse({ name: '', qty: 1, kind: '' }))).toEqual(['请输入耗材名称!', '请选择类别!']);
    expect(messages(supply.create.safeParse({ name: 'x'.repeat(21), qty: 1, kind: 'a' }))).toEqual(['耗材名称不能超过20个字符']);
    expect(messages(supply.create.safeParse({ name: 'a', qty: 10000, kind: 'a' }))).toEqual(['数量不能超过4位整数']);
    expect(messages(supply.create.safeParse({ name: 'a', qty: 1.5, kind: 'a' }))).toEqual(['数量必须是整数']);
    expect(messages(supply.create.safeParse({ name: 'a', qty: 1, kind: 'a', weight: '12345.1' }))).toEqual(['重量最多4位整数、2位小数']);
    expect(messages(supply.create.safeParse({ name: 'a', qty: 1, kind: 'a', spec: 'x'.repeat(51) }))).toEqual(['规格不能超过50个字符']);
    expect(messages(supply.create.safeParse({ name: 'a', qty: 1, kind: 'a', price: '1.234' }))).toEqual(['单价必须是最多两位小数的金额']);
    expect(messages(supply.create.safeParse({ name: 'a', qty: 1, kind: 'a', bought_on: '2026-02-30' }))).toEqual(['采购日期不正确']);
    expect(messages(supply.create.safeParse({ name: 'a', qty: 1, kind: 'a', checked_at: '2026-02-01 25:00' }))).toEqual(['盘点时间不正确']);
    expect(messages(supply.create.safeParse({ name: 'a', qty: 1, kind: 'a', keeper: 'x' }))).toEqual(['保管人格式不正确']);
    expect(messages(supply.create.safeParse({ name: 'a', qty: 1, kind: 'a', photo: 'javascript:alert(1)' }))).toEqual(['图片地址不正确']);
  });

  it('takes a stored document for a 文件 field, and only an image for a 图片 field', () => {
    const pdf = '00000000-0000-4000-8000-000000000001/routine/20261128/00000000-0000-4000-8000-000000000002.pdf';
    const png = pdf.replace(/\.pdf$/, '.png');
    const files = onlineResource(
      form([
        { name: 'photo', label: '图片', type: 'image' },
        { name: 'manual', label: '说明书', type: 'file' },
      ]),
    );
    expect(files.create.safeParse({ manual: pdf, photo: png }).success).toBe(true);
    expect(messages(files.create.safeParse({ photo: pdf }))).toEqual(['图片地址不正确']);
    expect(messages(files.create.safeParse({ manual: pdf.replace(/\.pdf$/, '.exe') }))).toEqual(['说明书地址不正确']);
  });

  it('fills defaults and converts values to what the columns store', () => {
    expect(supply.create.parse({ name: ' 纸尿裤 ', qty: 3, kind: 'daily', tags: ['a', 'b'], checked_at: '2026-03-01 08:30', weight: 1.5 })).toEqual({
      name: '纸尿裤',
      spec: '',
      qty: 3,
      weight: '1.5',
      price: '0',
      bought_on: null,
      checked_at: '2026-03-01T08:30:00+08:00',
      enabled: true,
      kind: 'daily',
      tags: 'a,b',
      photo: '',
      keeper: null,
      note: '',
      unit: '个',
    });
    expect(supply.create.parse({ name: 'a', qty: 0, kind: 'a', weight: '', keeper: '' })).toMatchObject({ weight: null, keeper: null });
  });

  it('filters on searchable fields only, with values checked by type', () => {
    expect(supply.searchKeys).toEqual(['name', 'qty', 'price', 'bought_on', 'enabled', 'kind', 'keeper']);
    expect(supply.listQuery.safeParse({ name: "' or 1=1 --" }).success).toBe(true);
    expect(messages(supply.listQuery.safeParse({ qty: "1 or 1=1" }))).toEqual(['数量格式不正确']);
    expect(messages(supply.listQuery.safeParse({ bought_on: "2026-01-01' --" }))).toEqual(['采购日期格式不正确']);
    expect(messages(supply.listQuery.safeParse({ keeper: "x' or 1=1" }))).toEqual(['保管人格式不正确']);
    // An unsearchable field is no filter at all.
    expect(supply.listQuery.parse({ spec: 'x' })).not.toHaveProperty('spec');
  });

  it('sorts by the configured sort fields only', () => {
    expect(supply.sortKeys).toEqual(['createdAt', 'name', 'qty', 'bought_on']);
    expect(messages(supply.listQuery.safeParse({ column: 'spec' }))).toEqual(['不支持的排序字段']);
    expect(messages(supply.listQuery.safeParse({ column: 'name; drop table x' }))).toEqual(['不支持的排序字段']);
  });

  it('keeps the list, export and form flags', () => {
    const def = (key: string) => supply.fields[key]!;
    expect(def('photo').list).toBe(false);
    expect(def('note').export).toBe(false);
    expect(def('kind')).toMatchObject({ kind: 'dict', dict: 'supply_kind' });
    expect(def('tags')).toMatchObject({ kind: 'value', dict: 'supply_tag' });
    expect(def('checked_at')).toMatchObject({ kind: 'datetime', readOnly: false });
    expect(Object.keys(supply.edit.shape)).toContain('checked_at');
  });

  it('reads a date-time in Shanghai time, and takes its own output again (a form checks what it sends)', () => {
    const rule = supply.fields.checked_at!.input;
    const once = rule.parse('2026-11-28 08:30');
    expect(once).toBe('2026-11-28T08:30:00+08:00');
    expect(rule.parse(once)).toBe(once);
    expect(rule.parse('2026-11-28 08:30:15')).toBe('2026-11-28T08:30:15+08:00');
    expect(rule.safeParse('2026-02-30 08:30').success).toBe(false);
    expect(rule.safeParse('2026-11-28 24:00').success).toBe(false);
    expect(rule.safeParse('2026-11-28T08:30:00Z').success).toBe(false);
  });

  it('adds the parent and hasChild to a tree, and builds a child table from its own fields', () => {
    const tree = onlineResource(form([{ name: 'name', label: '分类名称', type: 'text', required: true }], 'tree'));
    expect(tree.create.parse({ name: '月子餐' })).toEqual({ name: '月子餐', pid: null });
    expect(tree.create.parse({ name: '月子餐', pid: ID })).toEqual({ name: '月子餐', pid: ID });
    expect(tree.columns).toMatchObject({ pid: 'pid', hasChild: 'has_child' });
    expect(tree.listQuery.parse({ pid: ID })).toMatchObject({ pid: ID });

    const master = form([{ name: 'order_no', label: '单号', type: 'text', required: true }], 'master');
    const line = onlineResource(master, { tableName: 'purchase_line', title: '采购明细', fields: [f({ name: 'item', label: '物品', type: 'text', required: true })] });
    expect(line).toMatchObject({ name: 'purchase_line', table: 'online_data.purchase_line', label: '采购明细' });
    expect(messages(line.create.safeParse({}))).toEqual(['请输入物品!']);
    expect(line.columns).not.toHaveProperty('pid');
  });
});
