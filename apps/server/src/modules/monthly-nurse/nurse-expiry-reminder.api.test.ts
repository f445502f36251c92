import { describe, expect, it } from 'vitest';
import { monthlyNurseContract, Permission, type MonthlyNurse, type NurseCertificate } from '@care/shared';
import { resultOf, signedInUser, useAdminApp } from '../../test/fixtures.js';
import { shanghaiDate } from '../../platform/time.js';
import { addNurse, addStore } from './monthly-nurse.test-data.js';
import { nurseExpiryTemplate, sendNurseExpiryReminders } from './nurse-expiry-reminder.job.js';

const dayFrom = (days: number) => new Date(Date.parse(`${shanghaiDate()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('月嫂证件到期提醒', () => {
  const ctx = useAdminApp();

  it('tells the users who edit nurses once a day per expired or soon-expiring item; 离职 and distant ones are left out', async () => {
    const store = await addStore(ctx.t, ctx.admin, 'MNR');
    const editor = await signedInUser(ctx.t, 'mn_editor', { actions: [Permission.monthlyNurseList, Permission.monthlyNurseEdit], paths: ['/serve/monthlyNurse'] });
    const viewer = await signedInUser(ctx.t, 'mn_viewer', { actions: [Permission.monthlyNurseList], paths: ['/serve/monthlyNurse'] });
    const a = await addNurse(ctx.t, ctx.admin, store.id, { name: '过期阿姨', healthCertExpiry: dayFrom(-3), insuranceExpiry: dayFrom(90) });
    const b = await addNurse(ctx.t, ctx.admin, store.id, { name: '将到期阿姨', insuranceExpiry: dayFrom(30) });
    const cert = await resultOf(ctx.t.post<NurseCertificate>(monthlyNurseContract.certificateAdd.path, { nurseId: b.id, kind: 'maternity_nurse', name: '母婴护理师证', expiresOn: dayFrom(5) }, { token: ctx.admin }));
    // The health certificate kept as a certificate too is told once.
    await resultOf(ctx.t.post(monthlyNurseContract.certificateAdd.path, { nurseId: a.id, kind: 'health', expiresOn: dayFrom(-3) }, { token: ctx.admin }));
    const far = await addNurse(ctx.t, ctx.admin, store.id, { healthCertExpiry: dayFrom(31) });
    const gone = await resultOf(ctx.t.post<MonthlyNurse>(monthlyNurseContract.resign.path, { id: (await addNurse(ctx.t, ctx.admin, store.id, { healthCertExpiry: dayFrom(-1) })).id, version: 1 }, { token: ctx.admin }));

    const sent = await sendNurseExpiryReminders(ctx.db, null);
    const ours = sent.filter((m) => [a.id, b.id, far.id, gone.id].includes(m.busId ?? ''));
    const toEditor = ours.filter((m) => m.recipientId === editor.userId);
    expect(toEditor.map((m) => m.titile).sort()).toEqual(
      ['月嫂证件已过期：过期阿姨 健康证', '月嫂证件即将过期：将到期阿姨 保险', '月嫂证件即将过期：将到期阿姨 母婴护理师证'].sort(),
    );
    expect(ours.some((m) => m.recipientId === viewer.userId)).toBe(false);
    const health = toEditor.find((m) => m.titile.includes('健康证'))!;
    expect(health.msgContent).toContain(a.nurseNo);
    expect(health.msgContent).toContain(`已于 ${dayFrom(-3)} 过期`);
    expect(health.openPage).toBe('/serve/monthlyNurse');
    expect(toEditor.find((m) => m.titile.includes('母婴'))!.msgContent).toContain(`将于 ${dayFrom(5)} 到期`);
    // The administrator (all permissions) is told too.
    expect(ours.filter((m) => m.recipientId === ctx.adminId)).toHaveLength(3);

    // Not again the same day; again the next day.
    expect((await sendNurseExpiryReminders(ctx.db, null)).filter((m) => [a.id, b.id].includes(m.busId ?? ''))).toEqual([]);
    const tomorrow = await sendNurseExpiryReminders(ctx.db, null, new Date(Date.now() + 86_400_000));
    expect(tomorrow.filter((m) => m.recipientId === editor.userId && [a.id, b.id].includes(m.busId ?? '')).length).toBe(3);
    expect((await ctx.db.selectFrom('nurse_certificate').select('reminded_on').where('id', '=', cert.id).executeTakeFirstOrThrow()).reminded_on).toBe(shanghaiDate(new Date(Date.now() + 86_400_000)));
  });

  it('sends nothing for a company that disabled the template', async () => {
    await ctx.db.updateTable('message_template').set({ enabled: false }).where('company_id', '=', ctx.companyId).where('code', '=', nurseExpiryTemplate.code).execute();
    const store = await addStore(ctx.t, ctx.admin, 'MNR2');
    const n = await addNurse(ctx.t, ctx.admin, store.id, { healthCertExpiry: dayFrom(-1) });
    expect((await sendNurseExpiryReminders(ctx.db, null, new Date(Date.now() + 3 * 86_400_000))).filter((m) => m.busId === n.id)).toEqual([]);
  });
});
