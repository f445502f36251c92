import { describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

vi.mock('./system.repo.js', () => ({ findSystemConfig: vi.fn() }));
const { findSystemConfig } = await import('./system.repo.js');
const { SystemConfigService } = await import('./system.service.js');
const load = vi.mocked(findSystemConfig);
const db = {} as Kysely<DB>;

describe('system config cache', () => {
  it('loads once within the TTL, again after it, and at once after invalidate', async () => {
    load.mockReset();
    load.mockResolvedValue({ config: { systemName: '甲' }, version: 1 });
    let now = 0;
    const service = new SystemConfigService(db, 1_000, () => now);
    await Promise.all([service.get(), service.get(), service.get()]);
    expect(load).toHaveBeenCalledTimes(1);
    now = 999;
    expect((await service.get()).systemName).toBe('甲');
    expect(load).toHaveBeenCalledTimes(1);
    load.mockResolvedValue({ config: { systemName: '乙' }, version: 2 });
    now = 1_000;
    expect((await service.get()).systemName).toBe('乙');
    load.mockResolvedValue({ config: { systemName: '丙' }, version: 3 });
    service.invalidate();
    expect((await service.get()).systemName).toBe('丙');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('fills missing fields from the defaults and does not keep a failed load', async () => {
    load.mockReset();
    load.mockRejectedValueOnce(new Error('db down'));
    const service = new SystemConfigService(db, 60_000, () => 0);
    await expect(service.get()).rejects.toThrow('db down');
    load.mockResolvedValue(undefined);
    const config = await service.get();
    expect(config).toMatchObject({ systemName: '科技平台', loginSystemName: '科技平台', modeType: 'hospital', relatedLinkUrl5: '' });
  });
});

describe('public system config', () => {
  it('answers the versioned public address for a stored upload and leaves addresses as they are', async () => {
    const { publicConfig, defaultSystemConfig } = await import('./system.service.js');
    const stored = '5d1f7a3e-9b2c-4d6e-8f10-123456789abc/routine/20260101/0a1b2c3d-9b2c-4d6e-8f10-123456789abc.png';
    const config = { ...defaultSystemConfig, logoImageUrl: stored, loginImageUrl: 'https://cdn.example.com/a.png', loginBackImageUrl: '' };
    expect(publicConfig({ config, version: 7 })).toMatchObject({
      logoImageUrl: '/online/systemConfig/image/logoImageUrl?v=7',
      loginImageUrl: 'https://cdn.example.com/a.png',
      loginBackImageUrl: '',
    });
  });
});
