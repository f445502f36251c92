import { describe, expect, it } from 'vitest';
import { onlineFieldSchema, type OnlineFieldInput } from '@care/shared';
import { findDataRuleResource, registerDataRuleColumns } from '../../platform/data-rules/registry.js';
import { menuOf, onlineDataRules, onlineRuleResource, registerFormRules } from './online-data.rules.js';

const form = (tableName: string, fields: OnlineFieldInput[], title = '测试表单') => ({ tableName, title, fields: fields.map((f) => onlineFieldSchema.parse(f)) });

describe('data rules of generated pages', () => {
  it('registers a form with its fields and the audit columns, typed for the rule editor', () => {
    const registered = registerFormRules(
      form('odr_typed', [
        { name: 'name', label: '名称', type: 'text' },
        { name: 'qty', label: '数量', type: 'number' },
        { name: 'at', label: '时间', type: 'datetime' },
        { name: 'owner', label: '负责人', type: 'user' },
        { name: 'on', label: '启用', type: 'switch' },
      ]),
    );
    expect(registered.resource).toBe('online_data.odr_typed');
    expect([...registered.columns.values()].map((c) => [c.key, c.type])).toEqual([
      ['name', 'text'], ['qty', 'number'], ['at', 'date'], ['owner', 'uuid'], ['on', 'text'], ['created_by', 'uuid'], ['created_at', 'date'], ['company_id', 'uuid'],
    ]);
    expect(onlineDataRules).toContain(registered);
  });

  it('replaces a form’s registration when its fields change (a new sync), and keeps one entry', () => {
    registerFormRules(form('odr_changing', [{ name: 'aa', label: 'A', type: 'text' }]));
    const again = registerFormRules(form('odr_changing', [{ name: 'aa', label: 'A', type: 'text' }, { name: 'bb', label: 'B', type: 'date' }], '改名'));
    expect(findDataRuleResource('online_data.odr_changing')).toBe(again);
    expect(again.label).toBe('改名');
    expect([...again.columns.keys()]).toContain('bb');
    expect(onlineDataRules.filter((r) => r.resource === 'online_data.odr_changing')).toEqual([again]);
  });

  it('never replaces a resource registered in code, nor lets code take a run-time one', () => {
    registerDataRuleColumns('odr_static', { x: { label: 'X', sql: 'r.x', type: 'text' } });
    expect(() => registerDataRuleColumns('odr_static', { y: { label: 'Y', sql: 'r.y', type: 'text' } }, { runtime: true })).toThrow(/registered twice/);
    registerFormRules(form('odr_runtime', [{ name: 'aa', label: 'A', type: 'text' }]));
    expect(() => registerDataRuleColumns(onlineRuleResource('odr_runtime'), { z: { label: 'Z', sql: 'r.z', type: 'text' } })).toThrow(/registered twice/);
  });

  it('takes the rules of the form’s menu entry', () => {
    expect(menuOf({ tableName: 'odr_menu', menuPath: null })).toBe('/online/cgformList/odr_menu');
    expect(menuOf({ tableName: 'odr_menu', menuPath: '/online/demo/single' })).toBe('/online/demo/single');
  });
});
