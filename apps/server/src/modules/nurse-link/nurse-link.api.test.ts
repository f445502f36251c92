import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  ErrorText,
  NURSE_LINK_IMAGE_PREFIX,
  NURSE_LINK_UPLOAD_PATH,
  nurseLinkContract,
  NurseLinkText,
  nurseSelfContract,
  PHONE_MESSAGE,
  Permission,
  type Envelope,
  type NurseLink,
  type NurseLinkIssued,
  type NurseSelfCertificate,
  type NurseSelfLeave,
  type NurseSelfProfile,
} from '@care/shared';
import { expectEachForbidden, MISSING_ID, resultOf, signedInUser, TEST_PNG, useAdminApp, withDataRule, type RouteCall } from '../../test/fixtures.js';
import { shanghaiDate } from '../../platform/time.js';

const A = nurseLinkContract;
const S = nurseSelfContract;
const R = { list: A.list.path, add: A.add.path, revoke: A.revoke.path };

const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('月嫂编辑链接', () => {
  const ctx = useAdminApp({ dataDir: true });
  let seq = 0;

  /** A nurse of the seeded company (or `companyId`) with one certificate and one leave to come. */
  async function nurse(o: { level?: string; status?: 'active' | 'left'; companyId?: string; storeId?: string | null } = {}) {
    seq += 1;
    const companyId = o.companyId ?? ctx.companyId;
    const storeId = o.storeId === undefined ? (companyId === ctx.companyId ? await firstStore() : null) : o.storeId;
    const row = await ctx.db
      .insertInto('monthly_nurse')
      .values({ company_id: companyId, nurse_no: `NL${seq}`, name: `链接月嫂${seq}`, phone: '13800000000', level: o.level ?? 'junior', practice_type: 'maternity', service_type: 'center', employment: 'staff', status: o.status ?? 'active', store_id: storeId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cert = await ctx.db
      .insertInto('nurse_certificate')
      .values({ company_id: companyId, nurse_id: row.id, kind: 'health', name: '健康证', cert_no: `HC${seq}`, issued_on: '2025-01-01', expires_on: '2026-12-31' })
      .returning(['id', 'version'])
      .executeTakeFirstOrThrow();
    const leave = await ctx.db
      .insertInto('nurse_leave')
      .values({ company_id: companyId, nurse_id: row.id, start_date: dayAfter(10), end_date: dayAfter(12), reason: '回家' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, certId: cert.id, leaveId: leave.id };
  }

  const stores = () => ctx.db.selectFrom('store').select('id').where('company_id', '=', ctx.companyId).orderBy('code').execute();
  const firstStore = async () => (await stores())[0]!.id;
  /** A user of the first store (the demo 月嫂 rule shows a user the nurses of her stores). */
  const storeUser = async (username: string, actions: string[], paths: string[] = []) => {
    const user = await signedInUser(ctx.t, username, { actions, paths });
    await ctx.db.insertInto('user_store').values({ user_id: user.userId, store_id: await firstStore() }).execute();
    return user;
  };

  const admin = <T>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url, body, { token });
  const issue = async (nurseId: string, days?: number) => {
    const issued = await resultOf(admin<NurseLinkIssued>(R.add, days === undefined ? { nurseId } : { nurseId, days }));
    return { ...issued, token: tokenOf(issued.url) };
  };

  /** A call of her page: signed like every call, no session, the link's token in its header. */
  async function self<T>(contract: { method: string; path: string }, body: Record<string, unknown> = {}, token?: string): Promise<{ status: number; body: Envelope<T> }> {
    const headers = token === undefined ? {} : { 'x-link-token': token };
    const res =
      contract.method === 'GET'
        ? await ctx.t.app.inject({ method: 'GET', url: contract.path, query: ctx.t.signedQuery(body), headers })
        : await ctx.t.app.inject({ method: 'POST', url: contract.path, payload: ctx.t.signed(body), headers });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  }

  async function uploadAs(token: string | undefined, file: { name: string; data: Buffer; type: string }) {
    const form = new FormData();
    form.append('file', new Blob([file.data], { type: file.type }), file.name);
    const qs = new URLSearchParams(ctx.t.signedQuery({}));
    const res = await ctx.t.app.inject({ method: 'POST', url: `${NURSE_LINK_UPLOAD_PATH}?${qs}`, payload: form, headers: token ? { 'x-link-token': token } : {} });
    return { status: res.statusCode, body: res.json() as Envelope<string> };
  }

  const imageAs = (token: string | undefined, stored: string) =>
    ctx.t.app.inject({ method: 'GET', url: `${NURSE_LINK_IMAGE_PREFIX}${stored}`, query: ctx.t.signedQuery({}), headers: token ? { 'x-link-token': token } : {} });

  const certOf = (id: string) => ctx.db.selectFrom('nurse_certificate').selectAll().where('id', '=', id).executeTakeFirst();
  const leaveOf = (id: string) => ctx.db.selectFrom('nurse_leave').selectAll().where('id', '=', id).executeTakeFirst();
  const storedFiles = () => (fs.existsSync(ctx.dataDir) ? fs.readdirSync(ctx.dataDir, { recursive: true }).map(String).filter((f) => /\.(png|jpg|gif|webp|html|txt)$/.test(f)) : []);

  const invalid = { success: false, code: '403', message: NurseLinkText.invalid };

  it('issues a link once as /app/uniapp/EditXfMonthlyNurseUniapp?token=…, keeps only its SHA-256 and lists it', async () => {
    const n = await nurse();
    const issued = await issue(n.id);
    expect(issued.url).toMatch(/^\/app\/uniapp\/EditXfMonthlyNurseUniapp\?token=[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(issued.token, 'base64url')).toHaveLength(32);
    const stored = await ctx.db.selectFrom('nurse_link').selectAll().where('id', '=', issued.link.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(issued.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(issued.token);
    // Default 7 days.
    expect(Math.round((stored.expires_at.getTime() - stored.created_at.getTime()) / 86_400_000)).toBe(7);
    expect(issued.link).toMatchObject({ nurseId: n.id, state: 'active', createdByName: expect.any(String), lastUsedAt: null, revokedAt: null });

    const listed = await resultOf(admin<NurseLink[]>(R.list, { nurseId: n.id }));
    expect(listed.map((l) => l.id)).toEqual([issued.link.id]);
    // The list never answers the token again.
    expect(JSON.stringify(listed)).not.toContain(issued.token);
    expect(JSON.stringify(listed)).not.toContain(stored.token_hash);

    const thirty = await issue(n.id, 30);
    const row = await ctx.db.selectFrom('nurse_link').selectAll().where('id', '=', thirty.link.id).executeTakeFirstOrThrow();
    expect(Math.round((row.expires_at.getTime() - row.created_at.getTime()) / 86_400_000)).toBe(30);
    expect((await resultOf(admin<NurseLink[]>(R.list, { nurseId: n.id }))).map((l) => l.id)).toEqual([thirty.link.id, issued.link.id]);
  });

  it('refuses days outside 1–30, a nurse of no one or of another company, and a nurse who left', async () => {
    const n = await nurse();
    for (const days of [0, 31, 2.5]) {
      const res = await admin(R.add, { nurseId: n.id, days });
      expect(res.status).toBe(422);
      expect(res.body.message).toContain(NurseLinkText.daysRange);
    }
    expect((await admin(R.add, { nurseId: MISSING_ID })).body).toMatchObject({ code: '404' });
    const other = await ctx.db.insertInto('company').values({ code: 'NL_OTHER', name: '他司' }).returning('id').executeTakeFirstOrThrow();
    const foreign = await nurse({ companyId: other.id });
    expect((await admin(R.add, { nurseId: foreign.id })).body).toMatchObject({ code: '404' });
    expect((await admin(R.list, { nurseId: foreign.id })).body).toMatchObject({ code: '404' });
    const left = await nurse({ status: 'left' });
    expect((await admin(R.add, { nurseId: left.id })).body).toMatchObject({ code: '101', message: NurseLinkText.nurseLeft });
    expect(await ctx.db.selectFrom('nurse_link').select('id').where('nurse_id', 'in', [foreign.id, left.id]).execute()).toEqual([]);
  });

  it('answers her own profile through the link and records its use', async () => {
    const n = await nurse();
    const other = await nurse();
    const { link, token } = await issue(n.id);
    const profile = await resultOf(self<NurseSelfProfile>(S.profile, {}, token));
    expect(profile).toMatchObject({ name: expect.stringMatching(/^链接月嫂/), nurseNo: expect.stringMatching(/^NL/), phone: '13800000000', today: shanghaiDate() });
    expect(profile.certificates.map((c) => c.id)).toEqual([n.certId]);
    expect(profile.leaves.map((l) => l.id)).toEqual([n.leaveId]);
    expect(profile.leaves[0]).toMatchObject({ removable: true });
    // Nothing of anyone else's, and no nurse id in what she sees.
    expect(JSON.stringify(profile)).not.toContain(other.certId);
    expect(JSON.stringify(profile)).not.toContain(n.id);
    const [listed] = await resultOf(admin<NurseLink[]>(R.list, { nurseId: n.id }));
    expect(listed).toMatchObject({ id: link.id, state: 'active', lastUsedAt: expect.any(String) });
  });

  it('edits her phone and photo under the version, with the mobile rule', async () => {
    const n = await nurse();
    const { token } = await issue(n.id);
    const { version } = await resultOf(self<NurseSelfProfile>(S.profile, {}, token));
    const bad = await self(S.contact, { phone: '1380000', photo: '', version }, token);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain(PHONE_MESSAGE);
    const uploaded = await uploadAs(token, { name: 'me.png', data: TEST_PNG, type: 'image/png' });
    expect(uploaded.body.message).toMatch(new RegExp(`^${ctx.companyId}/routine/\\d{8}/[0-9a-f-]{36}\\.png$`));
    const saved = await resultOf(self<{ version: number }>(S.contact, { phone: '13912345678', photo: uploaded.body.message, version }, token));
    expect(saved.version).toBe(version + 1);
    const after = await ctx.db.selectFrom('monthly_nurse').select(['phone', 'photo']).where('id', '=', n.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ phone: '13912345678', photo: uploaded.body.message });
    // Her photo reads back through the link.
    const img = await imageAs(token, uploaded.body.message);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    const stale = await self(S.contact, { phone: '13900000000', photo: '', version }, token);
    expect(stale.body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
  });

  it('refuses an image path she was not given (an earlier day, a file that does not exist)', async () => {
    const n = await nurse();
    const { token } = await issue(n.id);
    const { version } = await resultOf(self<NurseSelfProfile>(S.profile, {}, token));
    for (const photo of [`${ctx.companyId}/routine/20200101/11111111-2222-3333-4444-555555555555.png`, `${ctx.companyId}/routine/${shanghaiDate().replaceAll('-', '')}/11111111-2222-3333-4444-555555555555.png`, '../../etc/passwd']) {
      const res = await self(S.contact, { phone: '13912345678', photo, version }, token);
      expect(res.body).toMatchObject({ code: '101' });
    }
    expect((await ctx.db.selectFrom('monthly_nurse').select('photo').where('id', '=', n.id).executeTakeFirstOrThrow()).photo).toBe('');
  });

  it('adds, edits and deletes her certificates; another nurse\'s is not found and stays as it was', async () => {
    const n = await nurse();
    const other = await nurse();
    const { token } = await issue(n.id);
    const theirsBefore = await certOf(other.certId);

    const added = await resultOf(self<NurseSelfCertificate>(S.saveCertificate, { kind: 'maternity_nurse', name: '母婴护理师证', certNo: 'MY-1', issuedOn: '2024-01-01', expiresOn: dayAfter(5) }, token));
    expect(added).toMatchObject({ name: '母婴护理师证', certNo: 'MY-1', flag: 'expiring', version: 1 });
    expect((await certOf(added.id))?.nurse_id).toBe(n.id);

    const mine = (await certOf(n.certId))!;
    const edited = await resultOf(self<NurseSelfCertificate>(S.saveCertificate, { id: n.certId, version: mine.version, kind: 'health', name: '健康证', certNo: 'HC-NEW', issuedOn: '2025-01-01', expiresOn: '2027-06-30' }, token));
    expect(edited).toMatchObject({ id: n.certId, certNo: 'HC-NEW', expiresOn: '2027-06-30', version: mine.version + 1 });
    const stale = await self(S.saveCertificate, { id: n.certId, version: mine.version, kind: 'health', certNo: 'X' }, token);
    expect(stale.body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    const badPeriod = await self(S.saveCertificate, { kind: 'health', issuedOn: '2025-01-01', expiresOn: '2024-01-01' }, token);
    expect(badPeriod.status).toBe(422);

    // Another nurse's certificate by id: edit and delete are not found; nothing of hers changes.
    const edit = await self(S.saveCertificate, { id: other.certId, version: theirsBefore!.version, kind: 'health', certNo: 'STOLEN' }, token);
    expect(edit.body).toMatchObject({ code: '404' });
    const remove = await self(S.removeCertificate, { id: other.certId }, token);
    expect(remove.body).toMatchObject({ code: '404' });
    expect(await certOf(other.certId)).toEqual(theirsBefore);

    await resultOf(self(S.removeCertificate, { id: added.id }, token));
    expect(await certOf(added.id)).toBeUndefined();
  });

  it('adds and withdraws her leave; another nurse\'s leave is not found and stays', async () => {
    const n = await nurse();
    const other = await nurse();
    const { token } = await issue(n.id);
    const added = await resultOf(self<NurseSelfLeave>(S.addLeave, { startDate: dayAfter(20), endDate: dayAfter(22), reason: '体检' }, token));
    expect(added).toMatchObject({ startDate: dayAfter(20), endDate: dayAfter(22), reason: '体检', removable: true });
    expect((await leaveOf(added.id))).toMatchObject({ nurse_id: n.id, source: 'link' });
    const overlap = await self(S.addLeave, { startDate: dayAfter(21), endDate: dayAfter(25) }, token);
    expect(overlap.body).toMatchObject({ code: '101' });
    const backwards = await self(S.addLeave, { startDate: dayAfter(5), endDate: dayAfter(4) }, token);
    expect(backwards.status).toBe(422);

    // A nurse id slipped into the body names nobody: the link decides whose leave it is.
    const slipped = await resultOf(self<NurseSelfLeave>(S.addLeave, { nurseId: other.id, startDate: dayAfter(50), endDate: dayAfter(50) }, token));
    expect((await leaveOf(slipped.id))?.nurse_id).toBe(n.id);
    expect(await ctx.db.selectFrom('nurse_leave').select('id').where('nurse_id', '=', other.id).execute()).toEqual([{ id: other.leaveId }]);

    const theirs = await leaveOf(other.leaveId);
    expect((await self(S.removeLeave, { id: other.leaveId }, token)).body).toMatchObject({ code: '404' });
    expect(await leaveOf(other.leaveId)).toEqual(theirs);

    await resultOf(self(S.removeLeave, { id: added.id }, token));
    expect(await leaveOf(added.id)).toBeUndefined();
  });

  it('uploads images only, and reads back only images of her own records', async () => {
    const n = await nurse();
    const other = await nurse();
    const { token } = await issue(n.id);
    const before = storedFiles().length;
    const html = await uploadAs(token, { name: 'x.html', data: Buffer.from('<script>alert(1)</script>'), type: 'text/html' });
    expect(html.body).toMatchObject({ success: false, code: '101', message: '请上传图片' });
    const fake = await uploadAs(token, { name: 'x.png', data: Buffer.from('console.log(1)'), type: 'image/png' });
    expect(fake.body).toMatchObject({ success: false, message: '请上传图片' });
    expect(storedFiles().length).toBe(before);

    // Another nurse's certificate image, uploaded by staff: not hers, so not found through her link.
    const staffUpload = await ctx.t.app.inject({
      method: 'POST',
      url: `/online/common/upload/createOnlineFile?${new URLSearchParams(ctx.t.signedQuery({ prefixPath: `${ctx.companyId}/routine` }, { token: ctx.admin }))}`,
      payload: (() => {
        const f = new FormData();
        f.append('file', new Blob([TEST_PNG], { type: 'image/png' }), 'their.png');
        return f;
      })(),
      headers: { 'x-access-token': ctx.admin },
    });
    const theirs = (staffUpload.json() as Envelope<string>).message;
    await ctx.db.updateTable('nurse_certificate').set({ image: theirs }).where('id', '=', other.certId).execute();
    expect((await imageAs(token, theirs)).statusCode).toBe(404);
    // Nor can she point her own record at it (only images uploaded through her link are taken).
    const before2 = (await certOf(n.certId))!;
    const pointed = await self(S.saveCertificate, { id: n.certId, version: before2.version, kind: 'health', image: theirs }, token);
    expect(pointed.body).toMatchObject({ success: false, message: '图片无效，请重新上传' });
    expect(await certOf(n.certId)).toEqual(before2);
    // Her own certificate's image, uploaded through her link, reads back once saved.
    const mine = (await certOf(n.certId))!;
    const uploaded = await uploadAs(token, { name: 'cert.png', data: TEST_PNG, type: 'image/png' });
    await resultOf(self(S.saveCertificate, { id: n.certId, version: mine.version, kind: 'health', image: uploaded.body.message }, token));
    expect((await imageAs(token, uploaded.body.message)).statusCode).toBe(200);
    expect((await imageAs(token, `../../${uploaded.body.message}`)).statusCode).toBe(404);
    expect((await imageAs(undefined, uploaded.body.message)).json()).toMatchObject(invalid);
  });

  it('answers 403 链接无效或已过期 to no, a malformed, an unknown, an expired or a revoked token, and changes nothing', async () => {
    const n = await nurse();
    const expired = await issue(n.id);
    await ctx.db.updateTable('nurse_link').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('id', '=', expired.link.id).execute();
    const revoked = await issue(n.id);
    await resultOf(admin(R.revoke, { id: revoked.link.id, version: revoked.link.version }));
    const unknown = Buffer.alloc(32, 7).toString('base64url');
    const certBefore = await certOf(n.certId);
    const leaveBefore = await leaveOf(n.leaveId);
    const filesBefore = storedFiles().length;

    for (const token of [undefined, '', 'short', `${unknown}=`, unknown, expired.token, revoked.token]) {
      const calls: [{ method: string; path: string }, Record<string, unknown>][] = [
        [S.profile, {}],
        [S.contact, { phone: '13911112222', photo: '', version: 1 }],
        [S.saveCertificate, { id: n.certId, version: certBefore!.version, kind: 'health', certNo: 'CHANGED' }],
        [S.saveCertificate, { kind: 'health', certNo: 'NEW' }],
        [S.removeCertificate, { id: n.certId }],
        [S.addLeave, { startDate: dayAfter(40), endDate: dayAfter(41) }],
        [S.removeLeave, { id: n.leaveId }],
      ];
      for (const [contract, body] of calls) {
        const res = await self(contract, body, token);
        expect(res.status, `${contract.path} ${token}`).toBe(403);
        expect(res.body).toEqual({ ...invalid, result: null });
      }
      expect((await uploadAs(token, { name: 'a.png', data: TEST_PNG, type: 'image/png' })).body).toMatchObject(invalid);
    }
    expect(await certOf(n.certId)).toEqual(certBefore);
    expect(await leaveOf(n.leaveId)).toEqual(leaveBefore);
    expect(await ctx.db.selectFrom('nurse_certificate').select('id').where('nurse_id', '=', n.id).execute()).toHaveLength(1);
    expect(await ctx.db.selectFrom('nurse_leave').select('id').where('nurse_id', '=', n.id).execute()).toHaveLength(1);
    expect((await ctx.db.selectFrom('monthly_nurse').select('phone').where('id', '=', n.id).executeTakeFirstOrThrow()).phone).toBe('13800000000');
    expect(storedFiles().length).toBe(filesBefore);
    // Neither dead link was marked used.
    const rows = await ctx.db.selectFrom('nurse_link').select('last_used_at').where('id', 'in', [expired.link.id, revoked.link.id]).execute();
    expect(rows.map((r) => r.last_used_at)).toEqual([null, null]);
  });

  it('a link stops working once its nurse has left', async () => {
    const n = await nurse();
    const { token } = await issue(n.id);
    await resultOf(self(S.profile, {}, token));
    await ctx.db.updateTable('monthly_nurse').set({ status: 'left' }).where('id', '=', n.id).execute();
    expect((await self(S.profile, {}, token)).body).toMatchObject(invalid);
  });

  it('is still a signed call: an unsigned one is refused before the token is looked at', async () => {
    const n = await nurse();
    const { token } = await issue(n.id);
    const res = await ctx.t.app.inject({ method: 'GET', url: S.profile.path, headers: { 'x-link-token': token } });
    expect(res.json()).toMatchObject({ code: '101', message: ErrorText.badSignature });
  });

  it('revokes under the version; the list says who and when; a second revoke is refused', async () => {
    const n = await nurse();
    const { link, token } = await issue(n.id);
    expect((await admin(R.revoke, { id: link.id, version: link.version + 1 })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    const revoked = await resultOf(admin<NurseLink>(R.revoke, { id: link.id, version: link.version }));
    expect(revoked).toMatchObject({ state: 'revoked', revokedAt: expect.any(String), revokedByName: expect.any(String) });
    expect((await admin(R.revoke, { id: link.id, version: revoked.version })).body).toMatchObject({ code: '101', message: NurseLinkText.alreadyRevoked });
    expect((await admin(R.revoke, { id: MISSING_ID, version: 1 })).body).toMatchObject({ code: '404' });
    expect((await self(S.profile, {}, token)).body).toMatchObject(invalid);
    // An expired one is listed as such.
    const old = await issue(n.id, 1);
    await ctx.db.updateTable('nurse_link').set({ expires_at: sql<Date>`now() - interval '1 day'` }).where('id', '=', old.link.id).execute();
    const states = Object.fromEntries((await resultOf(admin<NurseLink[]>(R.list, { nurseId: n.id }))).map((l) => [l.id, l.state]));
    expect(states).toEqual({ [link.id]: 'revoked', [old.link.id]: 'expired' });
  });

  it('admin routes: 403 without their actions; a viewer may list but neither issue nor revoke', async () => {
    const n = await nurse();
    const { link } = await issue(n.id);
    const calls: RouteCall<typeof R>[] = [
      ['list', Permission.nurseLinkList, { nurseId: n.id }],
      ['add', Permission.nurseLinkAdd, { nurseId: n.id }],
      ['revoke', Permission.nurseLinkRevoke, { id: link.id, version: link.version }],
    ];
    const nobody = await signedInUser(ctx.t, 'nl_nobody', { actions: [] });
    await expectEachForbidden(ctx.t, R, calls, nobody.token);
    const viewer = await storeUser('nl_viewer', [Permission.nurseLinkList]);
    expect((await admin(R.list, { nurseId: n.id }, viewer.token)).status).toBe(200);
    await expectEachForbidden(ctx.t, R, calls.slice(1), viewer.token);
    expect((await ctx.db.selectFrom('nurse_link').select('revoked_at').where('id', '=', link.id).executeTakeFirstOrThrow()).revoked_at).toBeNull();
  });

  it('keeps a user to the nurses the 月嫂 data rules let her see, by id', async () => {
    const junior = await nurse({ level: 'junior' });
    const gold = await nurse({ level: 'gold' });
    const elsewhere = await nurse({ level: 'junior', storeId: (await stores())[1]!.id });
    const { link } = await issue(gold.id);
    const actions = [Permission.nurseLinkList, Permission.nurseLinkAdd, Permission.nurseLinkRevoke, Permission.monthlyNurseList];
    const user = await storeUser('nl_scoped', actions, ['/serve/monthlyNurse']);
    // The demo rule: her stores' nurses only.
    expect((await admin(R.list, { nurseId: elsewhere.id }, user.token)).body).toMatchObject({ code: '404' });
    expect((await admin(R.add, { nurseId: elsewhere.id }, user.token)).body).toMatchObject({ code: '404' });
    await withDataRule(ctx.t, ctx.admin, '/serve/monthlyNurse', { resource: 'monthly_nurse', name: '初级月嫂', columnKey: 'level', condition: '=', value: 'junior' }, async () => {
      expect((await admin(R.list, { nurseId: junior.id }, user.token)).status).toBe(200);
      expect((await admin(R.add, { nurseId: junior.id }, user.token)).status).toBe(200);
      expect((await admin(R.list, { nurseId: gold.id }, user.token)).body).toMatchObject({ code: '404' });
      expect((await admin(R.add, { nurseId: gold.id }, user.token)).body).toMatchObject({ code: '404' });
      expect((await admin(R.revoke, { id: link.id, version: link.version }, user.token)).body).toMatchObject({ code: '404' });
    });
    expect((await ctx.db.selectFrom('nurse_link').select('id').where('nurse_id', '=', gold.id).execute()).map((r) => r.id)).toEqual([link.id]);
    expect((await ctx.db.selectFrom('nurse_link').select('revoked_at').where('id', '=', link.id).executeTakeFirstOrThrow()).revoked_at).toBeNull();
  });

  it('stores uploads under her company folder only', async () => {
    const n = await nurse();
    const { token } = await issue(n.id);
    const res = await uploadAs(token, { name: '../../escape.png', data: TEST_PNG, type: 'image/png' });
    expect(res.body.message.startsWith(`${ctx.companyId}/routine/`)).toBe(true);
    expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', res.body.message))).toBe(true);
  });
});
