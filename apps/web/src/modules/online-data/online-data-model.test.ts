import { describe, expect, it } from 'vitest';
import { onlineDataContracts } from '@care/shared';
import { childRowsOf, codesOf, displayKey, displayOf, fileNameOf, formCodeOfPath, hasSubs, heldContracts, joinCodes, parentOf, placeChildren, sentChildRows, sentSubs, subsOf, treeNodes, widgetOf, type TreeNode } from './online-data-model';

describe('formCodeOfPath', () => {
  it('is the table name of a generated page’s path, with or without the app prefix', () => {
    expect(formCodeOfPath('/online/cgformList/purchase_order')).toBe('purchase_order');
    expect(formCodeOfPath('/app/online/cgformList/nursing_consumable/')).toBe('nursing_consumable');
  });

  it('is null for any other path or a name that is no identifier', () => {
    expect(formCodeOfPath('/online/form')).toBeNull();
    expect(formCodeOfPath('/online/cgformList/')).toBeNull();
    expect(formCodeOfPath('/online/cgformList/Bad-Name')).toBeNull();
    expect(formCodeOfPath('/online/cgformList/a;drop')).toBeNull();
  });
});

describe('widgetOf and hasSubs', () => {
  it('picks the widget of each configured type', () => {
    expect(widgetOf({ type: 'select' })).toBe('dictSelect');
    expect(widgetOf({ type: 'dict' })).toBe('dictSelect');
    expect(widgetOf({ type: 'radio' })).toBe('dictRadio');
    expect(widgetOf({ type: 'checkbox' })).toBe('dictCheckbox');
    expect(widgetOf({ type: 'user' })).toBe('user');
    expect(widgetOf({ type: 'richtext' })).toBe('richtext');
  });

  it('says which form types edit child tables', () => {
    expect(['single', 'master', 'tree', 'erp', 'inner'].filter((t) => hasSubs(t as never))).toEqual(['master', 'erp', 'inner']);
  });
});

describe('heldContracts', () => {
  const contracts = onlineDataContracts('demo');

  it('keeps the list and only the actions the caller holds, export as exportXls', () => {
    const held = heldContracts(contracts, ['list', 'add', 'export']);
    expect(held).toEqual({ list: contracts.list, add: contracts.add, exportXls: contracts.exportXls });
  });

  it('gives a caller without actions the list alone', () => {
    expect(Object.keys(heldContracts(contracts, []))).toEqual(['list']);
  });
});

describe('child rows', () => {
  const fields = [
    { name: 'item_name', type: 'text' as const },
    { name: 'quantity', type: 'number' as const },
    { name: 'arrived', type: 'date' as const },
  ];

  it('reads each child table’s rows of a master’s answer, none when absent', () => {
    const row = { id: 'm1', subs: { purchase_order_item: [{ id: 'c1' }, { id: 'c2' }] } };
    expect(childRowsOf(row, 'purchase_order_item')).toHaveLength(2);
    expect(childRowsOf(row, 'other')).toEqual([]);
    expect(childRowsOf(null, 'purchase_order_item')).toEqual([]);
    expect(subsOf(row, ['purchase_order_item', 'other'])).toEqual({ purchase_order_item: [{ id: 'c1' }, { id: 'c2' }], other: [] });
  });

  it('sends the configured fields and the id of kept rows, empty texts as "" and no wholly empty new row', () => {
    const sent = sentChildRows(
      [
        { id: 'c1', item_name: '纸尿裤', quantity: 2, purchase_order_id: 'm1', createdAt: 'x' },
        { item_name: '', quantity: 3 },
        {},
        undefined,
        { quantity: null, item_name: undefined },
      ],
      fields,
    );
    expect(sent).toEqual([
      { id: 'c1', item_name: '纸尿裤', quantity: 2 },
      { item_name: '', quantity: 3 },
    ]);
  });
});

describe('sentSubs', () => {
  it('sends every child table, an empty list for one the form left empty (the server then removes its rows)', () => {
    const tables = [
      { tableName: 'a_item', fields: [{ name: 'goods', type: 'text' as const }] },
      { tableName: 'b_item', fields: [{ name: 'qty', type: 'number' as const }] },
    ];
    expect(sentSubs(tables, { a_item: [{ goods: '奶粉' }], other: [{ x: 1 }] })).toEqual({ a_item: [{ goods: '奶粉' }], b_item: [] });
    expect(sentSubs(tables, undefined)).toEqual({ a_item: [], b_item: [] });
  });
});

describe('checkbox codes', () => {
  it('turns comma-joined codes into a list and back', () => {
    expect(codesOf('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(codesOf('')).toEqual([]);
    expect(codesOf(null)).toEqual([]);
    expect(codesOf(['x', 'y'])).toEqual(['x', 'y']);
    expect(joinCodes(['a', 'b'])).toBe('a,b');
  });
});

describe('the lazy tree', () => {
  const roots = [
    { id: 'r1', name: '护理', hasChild: true },
    { id: 'r2', name: '餐饮', hasChild: false },
  ];

  it('gives nodes with children an empty list so they show their expander', () => {
    expect(treeNodes(roots)).toEqual([
      { id: 'r1', name: '护理', hasChild: true, children: [] },
      { id: 'r2', name: '餐饮', hasChild: false },
    ]);
  });

  it('places a node’s loaded children, and keeps grandchildren already loaded when a level reloads', () => {
    let tree = placeChildren([], null, roots);
    tree = placeChildren(tree, 'r1', [{ id: 'c1', name: '母婴护理', hasChild: true }]);
    tree = placeChildren(tree, 'c1', [{ id: 'g1', name: '新生儿抚触', hasChild: false }]);
    expect(tree[0]?.children?.[0]?.children?.map((n) => n.id)).toEqual(['g1']);
    expect(parentOf(tree, 'g1')).toBe('c1');
    expect(parentOf(tree, 'c1')).toBe('r1');
    expect(parentOf(tree, 'r1')).toBeNull();

    // r1 reloads (a child was added): c1 keeps its loaded children, the new one comes in.
    tree = placeChildren(tree, 'r1', [{ id: 'c1', name: '母婴护理', hasChild: true }, { id: 'c2', name: '产后修复', hasChild: false }]);
    const r1 = tree[0] as TreeNode;
    expect(r1.children?.map((n) => n.id)).toEqual(['c1', 'c2']);
    expect(r1.children?.[0]?.children?.map((n) => n.id)).toEqual(['g1']);
  });

  it('marks a node without children any more as a leaf', () => {
    let tree = placeChildren([], null, roots);
    tree = placeChildren(tree, 'r1', []);
    expect(tree[0]).toEqual({ id: 'r1', name: '护理', hasChild: false });
  });

  it('a root becoming a parent gets its children', () => {
    let tree = placeChildren([], null, roots);
    tree = placeChildren(tree, 'r2', [{ id: 'n1', name: '月子餐', hasChild: false }]);
    expect(tree[1]).toMatchObject({ id: 'r2', hasChild: true, children: [{ id: 'n1' }] });
  });
});

describe('display values and file names', () => {
  it('shows the name the server sent beside an id, else the value itself', () => {
    const row = { owner: 'u1', [displayKey('owner')]: '王护士', dept: 'd1' };
    expect(displayKey('owner')).toBe('owner_dictText');
    expect(displayOf(row, 'owner', row.owner)).toBe('王护士');
    expect(displayOf(row, 'dept', row.dept)).toBe('d1');
    expect(displayOf(undefined, 'owner', 'u1')).toBe('u1');
  });

  it('names a file by the last segment of its stored path or address', () => {
    expect(fileNameOf('c1/routine/20261128/0a1b.png')).toBe('0a1b.png');
    expect(fileNameOf('https://example.com/files/%E6%89%8B%E5%86%8C.pdf?x=1')).toBe('手册.pdf');
    expect(fileNameOf('/docs/a%ZZ.txt')).toBe('a%ZZ.txt');
  });
});
