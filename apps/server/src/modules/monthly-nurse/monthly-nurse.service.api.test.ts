import { describe, expect, it } from 'vitest';
import { MonthlyNurseText } from '@care/shared';
import { MISSING_ID, useAdminApp } from '../../test/fixtures.js';
import { NotFound, StaleVersion } from '../../platform/errors.js';
import { shanghaiDate } from '../../platform/time.js';
import * as nurses from './monthly-nurse.service.js';
import { addNurse, addStore } from './monthly-nurse.test-data.js';

const dayFrom = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// The services other modules call (docs/nurses.md, Monthly-nurse L0).
describe('月嫂 services for other modules', () => {
  const ctx = useAdminApp();
  const cid = () => ctx.companyId;

  it('nurseForWork and nursesForMatching answer the working fields; 离职 ones are not matched', async () => {
    const store = await addStore(ctx.t, ctx.admin, 'MNS1');
    const a = await addNurse(ctx.t, ctx.admin, store.id, { level: 'gold', serviceType: 'home', skills: ['lactation', 'newborn_care'], healthCertExpiry: '2027-01-31' });
    const b = await addNurse(ctx.t, ctx.admin, store.id, { serviceType: 'home' });
    await ctx.db.updateTable('monthly_nurse').set({ status: 'left' }).where('id', '=', b.id).execute();

    const work = await nurses.nurseForWork(ctx.db, cid(), a.id);
    expect(work).toEqual({
      id: a.id, nurseNo: a.nurseNo, name: a.name, phone: a.phone, level: 'gold', practiceType: 'confinement_nurse', serviceType: 'home', status: 'active',
      storeId: store.id, price26Days: '12800.00', skills: ['lactation', 'newborn_care'], rating: null, ratingCount: 0, healthCertExpiry: '2027-01-31', insuranceExpiry: null,
    });
    expect(await nurses.nurseForWork(ctx.db, cid(), MISSING_ID)).toBeUndefined();
    const locked = await ctx.db.transaction().execute((trx) => nurses.nurseForWork(trx, cid(), a.id, { lock: true }));
    expect(locked?.id).toBe(a.id);

    const matched = await nurses.nursesForMatching(ctx.db, cid(), { storeId: store.id, serviceType: 'home' });
    expect(matched.map((n) => n.id)).toEqual([a.id]);
    expect(await nurses.nursesForMatching(ctx.db, cid(), { storeId: store.id, practiceType: 'nanny' })).toEqual([]);
  });

  it('setNurseDuty moves 在职 ⇄ 上户中 only, recorded with an actor; setNurseRating keeps the mean and count', async () => {
    const store = await addStore(ctx.t, ctx.admin, 'MNS2');
    const n = await addNurse(ctx.t, ctx.admin, store.id);
    const adminId = (await ctx.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect(await ctx.db.transaction().execute((trx) => nurses.setNurseDuty(trx, cid(), n.id, true, adminId))).toBe('on_duty');
    expect(await ctx.db.transaction().execute((trx) => nurses.setNurseDuty(trx, cid(), n.id, true))).toBe('on_duty');
    const change = await ctx.db.selectFrom('state_change').select(['from_state', 'to_state', 'event']).where('record_id', '=', n.id).execute();
    expect(change).toEqual([{ from_state: 'active', to_state: 'on_duty', event: 'startDuty' }]);
    expect(await ctx.db.transaction().execute((trx) => nurses.setNurseDuty(trx, cid(), n.id, false))).toBe('active');

    // 休息 is left alone.
    await ctx.db.updateTable('monthly_nurse').set({ status: 'resting' }).where('id', '=', n.id).execute();
    expect(await ctx.db.transaction().execute((trx) => nurses.setNurseDuty(trx, cid(), n.id, true))).toBe('resting');
    await expect(ctx.db.transaction().execute((trx) => nurses.setNurseDuty(trx, cid(), MISSING_ID, true))).rejects.toBeInstanceOf(NotFound);

    await ctx.db.transaction().execute((trx) => nurses.setNurseRating(trx, cid(), n.id, { rating: '4.67', count: 3 }));
    expect(await nurses.nurseForWork(ctx.db, cid(), n.id)).toMatchObject({ rating: '4.67', ratingCount: 3, status: 'resting' });
    await ctx.db.transaction().execute((trx) => nurses.setNurseRating(trx, cid(), n.id, { rating: null, count: 0 }));
    expect(await nurses.nurseForWork(ctx.db, cid(), n.id)).toMatchObject({ rating: null, ratingCount: 0 });
  });

  it('leavesInPeriod answers leaves touching [from, to) with inclusive ends', async () => {
    const store = await addStore(ctx.t, ctx.admin, 'MNS3');
    const [a, b] = [await addNurse(ctx.t, ctx.admin, store.id), await addNurse(ctx.t, ctx.admin, store.id)];
    const la = await ctx.db.transaction().execute((trx) => nurses.addOwnLeave(trx, cid(), a.id, { startDate: '2030-03-03', endDate: '2030-03-05', reason: '回家' }));
    expect(la).toMatchObject({ startDate: '2030-03-03', endDate: '2030-03-05', days: 3, source: 'link' });
    await ctx.db.transaction().execute((trx) => nurses.addOwnLeave(trx, cid(), b.id, { startDate: '2030-03-10', endDate: '2030-03-10', reason: '' }));
    const ids = [a.id, b.id];
    expect(await nurses.leavesInPeriod(ctx.db, cid(), { nurseIds: ids, from: '2030-03-05', to: '2030-03-10' })).toEqual([
      { nurseId: a.id, leaveId: la.id, startDate: '2030-03-03', endDate: '2030-03-05', reason: '回家' },
    ]);
    expect(await nurses.leavesInPeriod(ctx.db, cid(), { nurseIds: ids, from: '2030-03-06', to: '2030-03-10' })).toEqual([]);
    expect((await nurses.leavesInPeriod(ctx.db, cid(), { nurseIds: ids, from: '2030-03-01', to: '2030-03-11' })).map((l) => l.nurseId).sort()).toEqual([...ids].sort());
    expect(await nurses.leavesInPeriod(ctx.db, cid(), { nurseIds: [], from: '2030-03-01', to: '2030-03-11' })).toEqual([]);
  });

  it("own page: profile, contact under the version, certificates and leaves of her own only", async () => {
    const store = await addStore(ctx.t, ctx.admin, 'MNS4');
    const [me, other] = [await addNurse(ctx.t, ctx.admin, store.id), await addNurse(ctx.t, ctx.admin, store.id)];
    const today = shanghaiDate();
    const inTx = <T>(fn: (trx: Parameters<typeof nurses.addOwnLeave>[0]) => Promise<T>) => ctx.db.transaction().execute(fn);

    const cert = await inTx((trx) => nurses.saveOwnCertificate(trx, cid(), me.id, { kind: 'maternity_nurse', name: '母婴护理师证', certNo: 'M1', issuedOn: '2024-01-01', expiresOn: dayFrom(today, -1), image: '' }));
    expect(cert).toMatchObject({ nurseId: me.id, kind: 'maternity_nurse', flag: 'expired', version: 1 });
    const edited = await inTx((trx) => nurses.saveOwnCertificate(trx, cid(), me.id, { id: cert.id, version: 1, kind: 'maternity_nurse', name: '母婴护理师证', certNo: 'M1', issuedOn: '2024-01-01', expiresOn: dayFrom(today, 10), image: '' }));
    expect(edited).toMatchObject({ flag: 'expiring', version: 2 });
    await expect(inTx((trx) => nurses.saveOwnCertificate(trx, cid(), me.id, { id: cert.id, version: 1, kind: 'x', name: '', certNo: '', issuedOn: null, expiresOn: null, image: '' }))).rejects.toBeInstanceOf(StaleVersion);
    await expect(inTx((trx) => nurses.saveOwnCertificate(trx, cid(), other.id, { id: cert.id, version: 2, kind: 'x', name: '', certNo: '', issuedOn: null, expiresOn: null, image: '' }))).rejects.toBeInstanceOf(NotFound);
    await expect(inTx((trx) => nurses.removeOwnCertificate(trx, cid(), other.id, cert.id))).rejects.toBeInstanceOf(NotFound);

    const past = await inTx((trx) => nurses.addOwnLeave(trx, cid(), me.id, { startDate: dayFrom(today, -3), endDate: dayFrom(today, -2), reason: '' }));
    const soon = await inTx((trx) => nurses.addOwnLeave(trx, cid(), me.id, { startDate: dayFrom(today, 5), endDate: dayFrom(today, 7), reason: '回家' }));
    await expect(inTx((trx) => nurses.addOwnLeave(trx, cid(), me.id, { startDate: dayFrom(today, 7), endDate: dayFrom(today, 8), reason: '' }))).rejects.toThrow(
      MonthlyNurseText.leaveOverlaps(dayFrom(today, 5), dayFrom(today, 7)),
    );
    await expect(inTx((trx) => nurses.addOwnLeave(trx, cid(), me.id, { startDate: dayFrom(today, 9), endDate: dayFrom(today, 8), reason: '' }))).rejects.toThrow(MonthlyNurseText.leaveBadPeriod);

    const profile = await nurses.ownProfile(ctx.db, cid(), me.id);
    expect(profile).toMatchObject({ id: me.id, nurseNo: me.nurseNo, name: me.name, phone: me.phone, photo: '', level: 'middle', version: 1 });
    expect(profile.certificates.map((c) => c.id)).toEqual([cert.id]);
    expect(profile.leaves.map((l) => l.id)).toEqual([soon.id]);

    expect(await inTx((trx) => nurses.updateOwnContact(trx, cid(), me.id, { phone: '13912345678', photo: 'upload/x.png', version: 1 }))).toEqual({ version: 2 });
    await expect(inTx((trx) => nurses.updateOwnContact(trx, cid(), me.id, { phone: '13912345678', photo: '', version: 1 }))).rejects.toBeInstanceOf(StaleVersion);
    expect(await nurses.ownProfile(ctx.db, cid(), me.id)).toMatchObject({ phone: '13912345678', photo: 'upload/x.png', version: 2 });

    await expect(inTx((trx) => nurses.removeOwnLeave(trx, cid(), me.id, past.id))).rejects.toThrow(MonthlyNurseText.leaveStarted);
    await expect(inTx((trx) => nurses.removeOwnLeave(trx, cid(), other.id, soon.id))).rejects.toBeInstanceOf(NotFound);
    await inTx((trx) => nurses.removeOwnLeave(trx, cid(), me.id, soon.id));
    await inTx((trx) => nurses.removeOwnCertificate(trx, cid(), me.id, cert.id));
    const after = await nurses.ownProfile(ctx.db, cid(), me.id);
    expect([after.certificates, after.leaves]).toEqual([[], []]);
    await expect(nurses.ownProfile(ctx.db, cid(), MISSING_ID)).rejects.toBeInstanceOf(NotFound);
  });
});
