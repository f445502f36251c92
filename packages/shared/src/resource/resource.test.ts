import { z } from 'zod';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ChannelPermission } from '../crm/channel.permissions.js';
import { channelResource, type Channel, type ChannelCreate, type ChannelListQuery } from '../crm/channel.schema.js';
import { crudContracts } from './crud-contracts.js';
import { defineResource, type RecordOf } from './resource.js';
import { field } from './field.js';

describe('defineResource', () => {
  it('derives the add rule with the product messages and defaults', () => {
    const empty = channelResource.create.safeParse({ name: '', kind: '' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((i) => i.message)).toEqual(['请输入渠道名称!', '请选择渠道类型!']);
    expect(channelResource.create.parse({ name: ' 仁爱医院 ', kind: 'hospital' })).toEqual({
      name: '仁爱医院', kind: 'hospital', contact: '', phone: '', commissionRate: '0', contractStart: null, contractEnd: null, enabled: true, remark: '',
    });
    expect(channelResource.create.safeParse({ name: 'x'.repeat(101), kind: 'a' }).error?.issues[0]?.message).toBe('渠道名称不能超过100个字符');
    expect(channelResource.create.safeParse({ name: 'a', kind: 'a', commissionRate: '100.01' }).error?.issues[0]?.message).toBe('佣金比例必须在0到100之间，最多两位小数');
  });

  it('checks rules across fields on add and edit', () => {
    const period = { name: 'a', kind: 'b', contractStart: '2026-05-01', contractEnd: '2026-04-30' };
    expect(channelResource.create.safeParse(period).error?.issues[0]).toMatchObject({ message: '合作结束日期不能早于开始日期', path: ['contractEnd'] });
    const edit = channelResource.edit.safeParse({ ...period, id: '6c0f3c36-4a0e-4a53-9a4f-0e7bfbb1b6a1', version: 1 });
    expect(edit.error?.issues[0]?.message).toBe('合作结束日期不能早于开始日期');
  });

  it('allows only declared sort keys and searchable filters in the list query', () => {
    expect(channelResource.sortKeys).toEqual(['createdAt', 'name', 'kind', 'commissionRate']);
    expect(channelResource.listQuery.safeParse({ column: 'remark' }).error?.issues[0]?.message).toBe('不支持的排序字段');
    expect(channelResource.listQuery.safeParse({ column: 'constructor' }).success).toBe(false);
    expect(channelResource.listQuery.parse({ name: ' 医院 ', enabled: false, remark: 'ignored' })).toEqual({ pageNo: 1, pageSize: 10, name: '医院', enabled: false });
  });

  it('refuses number, date and id filters the database could not compare', () => {
    const rooms = defineResource({
      name: 'r', table: 'r', label: 'R',
      fields: {
        floor: field.int('楼层', { search: 'eq' }),
        price: field.money('价格', { search: 'eq' }),
        openedOn: field.date('启用日期', { search: 'eq' }),
        typeId: field.value('房型', z.uuid({ message: '请选择房型!' }), z.string(), { search: 'eq' }),
        parentId: field.value('上级', z.uuid({ message: '上级不正确' }).nullable().default(null), z.string().nullable(), { search: 'eq', nullable: true }),
      },
    });
    const message = (q: Record<string, unknown>) => rooms.listQuery.safeParse(q).error?.issues[0]?.message;
    expect(rooms.listQuery.parse({ floor: ' 3 ', price: '88.5', openedOn: '2026-02-28', typeId: '6c0f3c36-4a0e-4a53-9a4f-0e7bfbb1b6a1' })).toMatchObject({ floor: '3', price: '88.5', openedOn: '2026-02-28' });
    expect(rooms.listQuery.parse({ floor: '', openedOn: '', typeId: '' })).toMatchObject({ floor: '', openedOn: '', typeId: '' });
    expect(message({ floor: 'abc' })).toBe('楼层格式不正确');
    expect(message({ floor: '1e9' })).toBe('楼层格式不正确');
    expect(message({ price: '1.234' })).toBe('价格格式不正确');
    expect(message({ openedOn: '2026-02-30' })).toBe('启用日期格式不正确');
    expect(message({ typeId: "1' or '1'='1" })).toBe('请选择房型!');
    // A reference's default (null) is no filter: absent stays absent.
    expect(rooms.listQuery.parse({})).toEqual({ pageNo: 1, pageSize: 10 });
    expect(message({ parentId: 'x' })).toBe('上级不正确');
  });

  it('types records, inputs and queries from the fields', () => {
    expectTypeOf<Channel['commissionRate']>().toEqualTypeOf<string>();
    expectTypeOf<Channel['contractStart']>().toEqualTypeOf<string | null>();
    expectTypeOf<ChannelCreate['enabled']>().toEqualTypeOf<boolean>();
    expectTypeOf<ChannelListQuery['name']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ChannelListQuery['enabled']>().toEqualTypeOf<boolean | undefined>();
  });

  it('adds a field everywhere with one line', () => {
    const base = { name: field.text('名称', { required: true }) };
    const grown = defineResource({ name: 'x', table: 'x', label: 'X', fields: { ...base, grade: field.dict('等级', 'grade', { sort: true }) } });
    expect(grown.columns.grade).toBe('grade');
    expect(grown.sortKeys).toContain('grade');
    expect(grown.searchKeys).toEqual(['name', 'grade']);
    expect(grown.record.parse({ id: '1', version: 1, createdAt: '', updatedAt: '', name: 'a', grade: 'b' })).toMatchObject({ grade: 'b' });
    expectTypeOf<RecordOf<typeof grown>['grade']>().toEqualTypeOf<string>();
  });
});

describe('crudContracts', () => {
  it('offers the actions given, at the convention paths, with their success texts', () => {
    const c = crudContracts(channelResource, 'channel', { list: ChannelPermission.channelList, add: ChannelPermission.channelAdd, status: ChannelPermission.channelStatus });
    expect(Object.keys(c).sort()).toEqual(['add', 'list', 'queryById', 'updateStatus']);
    expect(c.add).toMatchObject({ method: 'POST', path: '/online/channel/add', access: 'crm:channel:add', successMessage: '添加成功！' });
    expect(c.updateStatus.successMessage).toBe('保存成功！');
    expect(c.queryById.access).toBe('crm:channel:list');
  });

  it('leaves queryById out when asked', () => {
    const c = crudContracts(channelResource, 'channel', { list: ChannelPermission.channelList, delete: ChannelPermission.channelAdd }, { queryById: false });
    expect(Object.keys(c).sort()).toEqual(['delete', 'list']);
  });
});

describe('fixed, derived and enum fields', () => {
  const rule = defineResource({
    name: 'rule',
    table: 'rule',
    label: '规则',
    fields: {
      code: field.code('规则编码', { required: true }),
      grain: field.enum('粒度', 'grain', ['day', 'month']),
      length: field.int('位数', { required: true, min: 1, max: 12, message: '位数为1-12' }),
      parts: field.json('规则', z.array(z.string()).min(1, '请至少添加一条规则!'), z.array(z.string())),
    },
    fixed: ['code'],
    derived: { example: z.string() },
    global: true,
  });

  it('keeps a fixed field out of the edit rule, adds derived values to the record', () => {
    const id = '5d1f7a3e-9b2c-4d6e-8f10-123456789abc';
    expect(rule.edit.parse({ id, version: 1, code: 'other', grain: 'day', length: 2, parts: ['a'] })).not.toHaveProperty('code');
    expect(Object.keys(rule.record.shape)).toContain('example');
    expect(rule.global).toBe(true);
    expectTypeOf<RecordOf<typeof rule>['grain']>().toEqualTypeOf<'day' | 'month'>();
    expectTypeOf<RecordOf<typeof rule>['example']>().toEqualTypeOf<string>();
  });

  it('words enum, required int and json messages', () => {
    const issues = (v: Record<string, unknown>) => rule.create.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ code: 'a', grain: 'year', length: 13, parts: [] })).toEqual(['grain: 请选择粒度!', 'length: 位数为1-12', 'parts: 请至少添加一条规则!']);
    expect(issues({ code: 'a', grain: 'day', parts: ['x'] })).toEqual(['length: 请输入位数!']);
    expect(rule.searchKeys).toEqual(['code', 'grain']);
  });

  it('answers read-only and unstored fields without taking them on add or edit, and filters a fixed set by its values', () => {
    const fields = {
      title: field.text('标题', { required: true }),
      status: field.readOnly(field.enum('状态', 'notice_status', ['draft', 'sent'] as const)),
      tagIds: field.value('标签', z.array(z.string()).default([]), z.array(z.string()), { stored: false }),
      sentAt: field.datetime('发送时间', { sort: true }),
    };
    const notice = defineResource({ name: 'notice', table: 'notice', label: '通知', fields });
    expect(Object.keys(notice.create.shape)).toEqual(['title', 'tagIds']);
    expect(Object.keys(notice.edit.shape)).toEqual(['id', 'version', 'title', 'tagIds']);
    expect(notice.create.safeParse({}).error?.issues.map((i) => i.message)).toEqual(['请输入标题!']);
    expect(notice.columns).toEqual({ title: 'title', status: 'status', sentAt: 'sent_at' });
    expect(notice.sortKeys).toEqual(['createdAt', 'sentAt']);
    expect(notice.listQuery.safeParse({ pageNo: 1, pageSize: 10, status: 'sent' }).success).toBe(true);
    expect(notice.listQuery.safeParse({ pageNo: 1, pageSize: 10, status: 'gone' }).success).toBe(false);
    expectTypeOf<RecordOf<typeof notice>['sentAt']>().toEqualTypeOf<string | null>();
    expectTypeOf<RecordOf<typeof notice>['status']>().toEqualTypeOf<'draft' | 'sent'>();
  });
});
