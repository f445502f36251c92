import { describe, expect, it } from 'vitest';
import { dictItemsPath, Permission, type DictOption } from '@care/shared';
import { MISSING_ID, useAdminApp } from '../test/fixtures.js';
import { financeLedgerGrants, seedDemoTradeRolesIfEmpty } from './demo-trade-roles.js';

// Issue 29: a demo company seeded before the ledger rules gets 财务's new grants (住房安排 for 结账, 变更单
// 新增/提交 for a 调账) once, on its next start; 调账 itself is a code-defined kind, there for every company.
describe('财务 and 调账 on a demo company seeded before the ledger rules', () => {
  const app = useAdminApp();
  const ledgerPermissionIds = async () => {
    const all = await app.db.selectFrom('sys_permission').select(['id', 'path', 'action', 'menu_type']).execute();
    return financeLedgerGrants.map((key) => all.find((p) => (key.startsWith('/') ? p.path === key && p.menu_type !== 2 : p.action === key))!.id);
  };
  const financeGroup = () => app.db.selectFrom('security_group').select('id').where('company_id', '=', app.companyId).where('code', '=', 'finance').executeTakeFirstOrThrow();
  const financeHolds = async () => {
    const ids = await ledgerPermissionIds();
    const held = await app.db.selectFrom('security_group_permission').select('permission_id').where('group_id', '=', (await financeGroup()).id).where('permission_id', 'in', ids).execute();
    return financeLedgerGrants.filter((_, i) => held.some((h) => h.permission_id === ids[i]));
  };
  // 财务 raising a 调账: refused for want of the action (403), or heard (the order is then not found).
  const financeAdjustCode = async () => {
    const token = await app.t.login('hq.finance');
    const res = await app.t.post('/online/changeOrder/quote', { kind: 'adjust', orderId: MISSING_ID, receivableId: MISSING_ID, amount: '100', reason: '金额录错' }, { token });
    return res.body.code;
  };

  it('adds the grants once to a company that lacks them, and leaves an administrator’s later revocation alone', async () => {
    expect(financeLedgerGrants).toHaveLength(5);
    expect(await financeHolds()).toEqual(financeLedgerGrants);
    expect(await financeAdjustCode()).not.toBe('403');

    // A database seeded before: 财务 without them and no record of the seed.
    const group = await financeGroup();
    await app.db.deleteFrom('security_group_permission').where('group_id', '=', group.id).where('permission_id', 'in', await ledgerPermissionIds()).execute();
    await app.db.deleteFrom('seed_record').where('key', '=', 'demo:ledger:grants').execute();
    expect(await financeHolds()).toEqual([]);
    expect(await financeAdjustCode()).toBe('403');

    // The next start adds them, once.
    expect(await seedDemoTradeRolesIfEmpty(app.db, app.t.config)).toBe(true);
    expect(await financeHolds()).toEqual(financeLedgerGrants);
    expect(await financeAdjustCode()).not.toBe('403');
    expect(await seedDemoTradeRolesIfEmpty(app.db, app.t.config)).toBe(false);

    // An administrator takes 新增变更单 away again: a later start does not give it back.
    const addId = (await ledgerPermissionIds())[financeLedgerGrants.indexOf(Permission.changeOrderAdd)]!;
    await app.db.deleteFrom('security_group_permission').where('group_id', '=', group.id).where('permission_id', '=', addId).execute();
    expect(await seedDemoTradeRolesIfEmpty(app.db, app.t.config)).toBe(false);
    expect(await financeHolds()).not.toContain(Permission.changeOrderAdd);
  });

  it('offers 调账 among the change-order kinds without a dictionary row (a code-defined kind)', async () => {
    const res = await app.t.get<DictOption[]>(dictItemsPath('change_order_kind'), {}, { token: app.admin });
    expect(res.body.result.map((o) => [o.value, o.label])).toContainEqual(['adjust', '调账']);
    expect(await app.db.selectFrom('dict_type').select('id').where('code', '=', 'change_order_kind').execute()).toEqual([]);
  });
});
