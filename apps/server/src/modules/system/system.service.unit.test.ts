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
    load.mockResolvedValue({ systemName: '甲' });
    let now = 0;
    const service = new SystemConfigService(db, 1_000, () => now);
    await Promise.all([service.get(), service.get(), service.get()]);
    expect(load).toHaveBeenCalledTimes(1);
    now = 999;
    expect((await service.get()).systemName).toBe('甲');
    expect(load).toHaveBeenCalledTimes(1);
    load.mockResolvedValue({ systemName: '乙' });
    now = 1_000;
    expect((await service.get()).systemName).toBe('乙');
    load.mockResolvedValue({ systemName: '丙' });
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
