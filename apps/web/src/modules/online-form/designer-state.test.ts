import { describe, expect, it } from 'vitest';
import type { OnlineForm } from '@care/shared';
import { OnlineFormText } from '@care/shared';
import { checkDesign, designInput, designOf, emptyDesign, moveRow, newField, newIndex, newSub, pruneIndexes, tabOfPath, type FormDesign } from './designer-state';

const field = (name: string, label: string, extra: Partial<ReturnType<typeof newField>> = {}) => ({ ...newField(), name, label, ...extra });

function masterDesign(): FormDesign {
  const sub = { ...newSub(), tableName: 'po_item', title: '采购明细', fkField: 'order_id', fields: [field('goods', '物品'), field('qty', '数量', { type: 'number' as const, length: 10, scale: 0 })] };
  return { ...emptyDesign(), tableName: 'po_order', title: '采购单', formType: 'master', fields: [field('code', '单号'), field('total', '金额', { type: 'money' as const })], subs: [sub] };
}

describe('the designer state and the shared form rule', () => {
  it('a one-to-many design becomes the create input the server takes', () => {
    const checked = checkDesign(masterDesign());
    expect(checked.ok).toBe(true);
    if (!checked.ok || !checked.create) throw new Error('expected a create');
    expect(checked.create.tableName).toBe('po_order');
    expect(checked.create.fields.map((f) => f.name)).toEqual(['code', 'total']);
    expect(checked.create.subTables).toHaveLength(1);
    expect(checked.create.subTables[0]).toMatchObject({ tableName: 'po_item', fkField: 'order_id' });
    expect(checked.create.subTables[0]!.fields[1]).toMatchObject({ name: 'qty', type: 'number', length: 10 });
    // No row keys travel.
    expect(JSON.stringify(checked.create)).not.toContain('"key"');
  });

  it('sub tables are sent only for the types that have them, the label field only for trees', () => {
    const single = { ...masterDesign(), formType: 'single' as const, treeLabelField: 'code' };
    const input = designInput(single);
    expect(input.subTables).toEqual([]);
    expect(input.treeLabelField).toBe('');
    expect(checkDesign(single).ok).toBe(true);
    expect(designInput({ ...single, formType: 'tree' }).treeLabelField).toBe('code');
    // Switching back keeps the children the designer held.
    expect(designInput({ ...single, formType: 'erp' }).subTables).toHaveLength(1);
  });

  it('a cleared length or scale falls back to the schema default', () => {
    const design = { ...emptyDesign(), tableName: 'nurse_stuff', title: '耗材', fields: [field('name', '名称', { length: null, scale: null })] };
    const checked = checkDesign(design);
    expect(checked.ok && checked.create?.fields[0]).toMatchObject({ length: 100, scale: 0 });
  });

  it('answers the first refusal with the path of its input', () => {
    const badName = masterDesign();
    badName.subs[0]!.fields[1]!.name = 'Qty;drop';
    expect(checkDesign(badName)).toEqual({ ok: false, message: expect.stringContaining('字段名') as string, path: 'subTables.0.fields.1.name' });

    const noSubs = { ...masterDesign(), subs: [] };
    expect(checkDesign(noSubs)).toEqual({ ok: false, message: OnlineFormText.subNeeded, path: 'subTables' });

    const dict = masterDesign();
    dict.fields[0]!.type = 'select';
    expect(checkDesign(dict)).toEqual({ ok: false, message: OnlineFormText.needDict, path: 'fields.0.dictCode' });

    const tree = { ...masterDesign(), formType: 'tree' as const, treeLabelField: 'nothing' };
    expect(checkDesign(tree)).toMatchObject({ ok: false, message: OnlineFormText.treeNeedsLabel, path: 'treeLabelField' });

    const reserved = masterDesign();
    reserved.fields[1]!.name = 'company_id';
    expect(checkDesign(reserved)).toMatchObject({ ok: false, path: 'fields.1.name', message: `company_id${OnlineFormText.reservedColumn}` });

    expect(checkDesign({ ...masterDesign(), title: ' ' })).toMatchObject({ ok: false, path: 'title', message: '请输入表描述!' });
  });

  it('tabOfPath finds the tab that holds a refused input', () => {
    expect(tabOfPath('subTables.2.fields.0.name')).toBe('sub:2');
    expect(tabOfPath('indexes.0.fields')).toBe('indexes');
    expect(tabOfPath('fields.3.label')).toBe('fields');
  });

  it('a saved form round-trips through the designer to the edit input with its version', () => {
    const created = checkDesign(masterDesign());
    if (!created.ok || !created.create) throw new Error('expected a create');
    const saved: OnlineForm = {
      ...created.create,
      id: '0190a6f4-5a8e-7cc1-9a55-2a6f1e0a1b2c',
      version: 3,
      syncState: 'synced',
      syncedAt: null,
      menuPath: null,
      createdAt: '2026-11-28 10:00:00',
      updatedAt: '2026-11-28 10:00:00',
    };
    const design = designOf(saved);
    expect(design.subs[0]!.fields.map((f) => f.label)).toEqual(['物品', '数量']);
    const edited = checkDesign(design);
    expect(edited.ok && edited.edit).toMatchObject({ id: saved.id, version: 3, tableName: 'po_order', subTables: [{ tableName: 'po_item' }] });
  });

  it('moves rows within bounds and prunes index fields of removed fields', () => {
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRow(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    const index = { ...newIndex(), name: 'idx_code', fields: ['code', 'gone'] };
    expect(pruneIndexes({ fields: [field('code', '单号')], indexes: [index] })[0]!.fields).toEqual(['code']);
  });
});
