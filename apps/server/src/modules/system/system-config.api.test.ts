import { describe, expect, it } from 'vitest';
import { ErrorText, Permission, SystemConfigText, type SystemConfig, type SystemConfigDetail } from '@care/shared';
import { TEST_PNG, signedInUser, postMultipart, useAdminApp } from '../../test/fixtures.js';

const routes = {
  get: '/online/api/getSystemConfig',
  query: '/online/systemConfig/query',
  edit: '/online/systemConfig/edit',
  image: '/online/systemConfig/image/',
};
const OTHER_COMPANY = '5d1f7a3e-9b2c-4d6e-8f10-123456789abc';

describe('system configuration', () => {
  const ctx = useAdminApp({ dataDir: true });

  const detail = async (token = ctx.admin) => (await ctx.t.post<SystemConfigDetail>(routes.query, {}, { token })).body.result;
  const edit = async (changes: Partial<SystemConfigDetail>, token = ctx.admin) => {
    const { version, ...current } = await detail();
    return ctx.t.post<SystemConfigDetail>(routes.edit, { ...current, version, ...changes }, { token });
  };
  const publicConfig = async () => (await ctx.t.post<SystemConfig>(routes.get)).body.result;

  async function upload(): Promise<string> {
    const query = { prefixPath: `${ctx.companyId}/routine`, biz: 'logo' };
    const res = await postMultipart<string>(ctx.t, '/online/common/upload/createOnlineFile', { token: ctx.admin, query, file: { name: 'logo.png', data: TEST_PNG, type: 'image/png' } });
    return res.body.message;
  }

  describe('permissions', () => {
    it('seeds the edit action as the button of 系统配置', async () => {
      const db = ctx.db;
      const menu = await db.selectFrom('sys_permission').select('id').where('path', '=', '/system/config').executeTakeFirstOrThrow();
      const buttons = await db.selectFrom('sys_permission').select('action').where('parent_id', '=', menu.id).execute();
      expect(buttons.map((b) => b.action)).toEqual([Permission.systemConfigEdit]);
    });

    it('lets any signed-in user read the form values, only holders of the action save, nobody without a session', async () => {
      const { token: reader } = await signedInUser(ctx.t, 'config_menu_only', { paths: ['/system/config'] });
      const read = await ctx.t.post<SystemConfigDetail>(routes.query, {}, { token: reader });
      expect(read.body).toMatchObject({ success: true, code: '0', result: { systemName: '悦享月子会所', version: expect.any(Number) } });
      const refused = await edit({ systemName: '越权改名' }, reader);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, code: '403', message: ErrorText.forbidden });
      expect((await detail()).systemName).toBe('悦享月子会所');

      const { token: editor } = await signedInUser(ctx.t, 'config_editor', { actions: [Permission.systemConfigEdit] });
      const saved = await edit({ description: '由配置管理员修改' }, editor);
      expect(saved.body).toMatchObject({ success: true, code: '0', message: SystemConfigText.saved, result: { description: '由配置管理员修改' } });

      expect((await ctx.t.post(routes.query)).body).toMatchObject({ success: false, code: '302' });
      expect((await ctx.t.post(routes.edit, { version: 1, systemName: 'x', loginSystemName: 'x', modeType: 'home' })).body).toMatchObject({ code: '302' });
    });
  });

  describe('edit', () => {
    it('saves every field and the public configuration shows it at once', async () => {
      // Warm the one-second cache first: a save must not wait for it to run out.
      expect((await publicConfig()).loginSystemName).toBe('悦享月子会所管理系统');
      const before = await detail();
      const changes = {
        systemName: ' 新名字 ',
        loginSystemName: '新的登录页标题',
        copyrightDesc: 'Copyright © 新公司',
        description: '新的描述',
        modeType: 'home' as const,
        companyLegalName: '深圳悦享母婴护理服务有限公司',
        logoImageUrl: 'https://cdn.example.com/logo.png',
        relatedLinkName1: '官网',
        relatedLinkUrl1: 'https://www.example.com',
        relatedLinkName5: '帮助',
        relatedLinkUrl5: '/app/help',
      };
      const res = await edit(changes);
      expect(res.body).toMatchObject({ success: true, message: SystemConfigText.saved });
      expect(res.body.result).toMatchObject({ ...changes, systemName: '新名字', version: before.version + 1 });
      expect(await publicConfig()).toMatchObject({ ...changes, systemName: '新名字' });
      const row = await ctx.db.selectFrom('system_config').select(['version', 'updated_by']).executeTakeFirstOrThrow();
      expect(row.version).toBe(before.version + 1);
      expect(row.updated_by).not.toBeNull();
    });

    it('refuses a stale version with 101 and changes nothing', async () => {
      const current = await detail();
      const stale = await ctx.t.post(routes.edit, { ...current, version: current.version - 1, systemName: '旧版本' }, { token: ctx.admin });
      expect(stale.body).toMatchObject({ success: false, code: '101', message: ErrorText.staleVersion });
      expect(await detail()).toEqual(current);
    });

    it('validates with Chinese messages and changes nothing', async () => {
      const current = await detail();
      const cases: [Partial<Record<keyof SystemConfigDetail, unknown>>, string][] = [
        [{ systemName: '  ' }, SystemConfigText.systemNameRequired],
        [{ loginSystemName: '' }, SystemConfigText.loginSystemNameRequired],
        [{ modeType: 'office' }, SystemConfigText.modeType],
        [{ companyLegalName: '公'.repeat(101) }, '公司法定名称不能超过100个字符'],
        [{ relatedLinkName2: '链接', relatedLinkUrl2: 'javascript:alert(1)' }, SystemConfigText.badLinkUrl],
        [{ relatedLinkName2: '链接', relatedLinkUrl2: '//evil.example.com' }, SystemConfigText.badLinkUrl],
        [{ relatedLinkName3: '只有名字', relatedLinkUrl3: '' }, SystemConfigText.linkUrlRequired],
        [{ relatedLinkName4: '', relatedLinkUrl4: 'https://x.example.com' }, SystemConfigText.linkNameRequired],
        [{ loginBackImageUrl: 'data:image/svg+xml,<svg onload=alert(1)>' }, SystemConfigText.badImage],
        [{ loginBackImageUrl: `${ctx.companyId}/routine/20260101/../../../etc/passwd` }, SystemConfigText.badImage],
        [{ logoImageUrl: `${OTHER_COMPANY}/routine/20260101/${OTHER_COMPANY}.png` }, SystemConfigText.badImage],
        [{ logoImageUrl: `${ctx.companyId}/routine/20260101/${OTHER_COMPANY}.png` }, SystemConfigText.missingImage],
      ];
      for (const [changes, message] of cases) {
        const res = await ctx.t.post(routes.edit, { ...current, ...changes }, { token: ctx.admin });
        expect(res.body, JSON.stringify(changes)).toMatchObject({ success: false, code: '101' });
        expect(res.body.message, JSON.stringify(changes)).toContain(message);
      }
      expect(await detail()).toEqual(current);
    });
  });

  describe('uploaded images', () => {
    it('shows an uploaded logo on the login page through its public, versioned address', async () => {
      const stored = await upload();
      expect(stored).toMatch(new RegExp(`^${ctx.companyId}/routine/`));
      const saved = await edit({ logoImageUrl: stored, loginBackImageUrl: stored, loginImageUrl: '' });
      expect(saved.body.result.logoImageUrl).toBe(stored);
      const config = await publicConfig();
      expect(config.logoImageUrl).toBe(`${routes.image}logoImageUrl?v=${saved.body.result.version}`);
      expect(config.loginBackImageUrl).toBe(`${routes.image}loginBackImageUrl?v=${saved.body.result.version}`);

      // A plain <img> request: no token, no signature.
      const image = await ctx.t.app.inject({ method: 'GET', url: config.logoImageUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['cache-control']).toBe('public, max-age=86400');
      expect(Buffer.compare(image.rawPayload, TEST_PNG)).toBe(0);
      // The form keeps the stored path, so saving again without touching the image keeps it.
      expect((await detail()).logoImageUrl).toBe(stored);
      expect((await edit({ systemName: '再次保存' })).body.result.logoImageUrl).toBe(stored);
    });

    it('serves nothing but the configured images', async () => {
      const stored = await upload();
      await edit({ logoImageUrl: stored, loginImageUrl: 'https://cdn.example.com/a.png' });
      for (const url of [
        `${routes.image}loginImageUrl`,
        `${routes.image}systemName`,
        `${routes.image}..%2F..%2Fuploads%2F${encodeURIComponent(stored)}`,
        `${routes.image}${encodeURIComponent(stored)}`,
        `/online/common/file/${stored}`,
      ]) {
        const res = await ctx.t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).not.toBe(200);
        expect(res.headers['content-type'], url).not.toMatch(/^image\//);
      }
    });
  });
});
