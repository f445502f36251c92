import { describe, expect, it } from 'vitest';
import { AnnouncementText, type Announcement } from '@care/shared';
import { useAdminApp } from '../../test/fixtures.js';

const A = '/online/annountCement';

describe('announcement state changes', () => {
  const ctx = useAdminApp();
  const post = <T = unknown>(action: string, body: Record<string, unknown>) => ctx.t.post<T>(`${A}/${action}`, body, { token: ctx.admin });
  const changes = (id: string) =>
    ctx.db.selectFrom('state_change').select(['resource', 'event', 'from_state', 'to_state', 'changed_by']).where('record_id', '=', id).orderBy('changed_at').execute();
  const stored = (id: string) => ctx.db.selectFrom('announcement').select(['status', 'version', 'sender_id', 'send_time', 'revoke_time']).where('id', '=', id).executeTakeFirstOrThrow();

  it('writes a state_change row for a publish and for a revoke; a refused move changes nothing', async () => {
    const draft = (await post<Announcement>('add', { titile: '状态记录', msgContent: '<p>内容</p>' })).body.result;

    // Revoking a draft is refused: no row written, nothing moved.
    const early = await post('revoke', { id: draft.id, version: draft.version });
    expect(early.body).toMatchObject({ code: '101', message: AnnouncementText.notRevocable });
    expect(await changes(draft.id)).toEqual([]);
    expect(await stored(draft.id)).toMatchObject({ status: 'draft', version: draft.version, sender_id: null, send_time: null });

    const published = (await post<Announcement>('publish', { id: draft.id, version: draft.version })).body.result;
    expect(published).toMatchObject({ status: 'published', version: draft.version + 1 });
    const publishRow = { resource: 'announcement', event: 'publish', from_state: 'draft', to_state: 'published', changed_by: ctx.adminId };
    expect(await changes(draft.id)).toEqual([publishRow]);

    // Publishing twice is refused and changes nothing.
    const before = await stored(draft.id);
    const twice = await post('publish', { id: draft.id, version: published.version });
    expect(twice.body).toMatchObject({ code: '101', message: AnnouncementText.notPublishable });
    expect(await changes(draft.id)).toEqual([publishRow]);
    expect(await stored(draft.id)).toEqual(before);

    const revoked = (await post<Announcement>('revoke', { id: draft.id, version: published.version })).body.result;
    expect(revoked).toMatchObject({ status: 'revoked', version: published.version + 1, revokeTime: expect.any(String) });
    const revokeRow = { resource: 'announcement', event: 'revoke', from_state: 'published', to_state: 'revoked', changed_by: ctx.adminId };
    expect(await changes(draft.id)).toEqual([publishRow, revokeRow]);

    // Revoking again is refused too; a revoked announcement is published again as a new row.
    expect((await post('revoke', { id: draft.id, version: revoked.version })).body).toMatchObject({ code: '101', message: AnnouncementText.notRevocable });
    expect(await changes(draft.id)).toEqual([publishRow, revokeRow]);
    await post('publish', { id: draft.id, version: revoked.version });
    expect((await changes(draft.id)).map((c) => `${c.from_state}→${c.to_state}`)).toEqual(['draft→published', 'published→revoked', 'revoked→published']);
  });

  it('edits and deletes only what is not published, with the version the caller saw', async () => {
    const draft = (await post<Announcement>('add', { titile: '删除测试', msgContent: '<p>内容</p>' })).body.result;
    const published = (await post<Announcement>('publish', { id: draft.id, version: draft.version })).body.result;
    expect((await post('delete', { id: draft.id, version: published.version })).body).toMatchObject({ code: '101', message: AnnouncementText.notDeletable });
    expect((await post('edit', { ...published, titile: '改' })).body).toMatchObject({ code: '101', message: AnnouncementText.notEditable });
    const revoked = (await post<Announcement>('revoke', { id: draft.id, version: published.version })).body.result;
    expect((await post('delete', { id: draft.id, version: published.version })).body.code).toBe('101');
    expect(await stored(draft.id)).toMatchObject({ status: 'revoked', version: revoked.version });
    expect((await post('delete', { id: draft.id, version: revoked.version })).body).toMatchObject({ code: '0', message: AnnouncementText.deleted });
  });
});
