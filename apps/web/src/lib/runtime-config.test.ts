import { describe, expect, it } from 'vitest';
import { RUNTIME_CONFIG_GLOBAL, runtimeConfigSchema } from '@care/shared';
import { readRuntimeConfig } from './runtime-config';

describe('readRuntimeConfig', () => {
  const config = { appId: 'a', siteId: 's', secret: 'x', signAlgorithm: 'sha256' };

  it('returns the config the server script assigned', () => {
    expect(readRuntimeConfig({ [RUNTIME_CONFIG_GLOBAL]: config })).toEqual(config);
  });

  it('returns null when the script did not run or assigned something else', () => {
    expect(readRuntimeConfig({})).toBeNull();
    expect(readRuntimeConfig({ [RUNTIME_CONFIG_GLOBAL]: { ...config, signAlgorithm: 'sha1' } })).toBeNull();
  });

  it('accepts and refuses what the shared schema does, and keeps only its fields', () => {
    const samples: unknown[] = [
      config,
      { ...config, signAlgorithm: 'md5' },
      { ...config, extra: 1 },
      { ...config, secret: 1 },
      { appId: 'a', siteId: 's', signAlgorithm: 'sha256' },
      null,
      'config',
      [],
    ];
    for (const sample of samples) {
      const parsed = runtimeConfigSchema.safeParse(sample);
      expect(readRuntimeConfig({ [RUNTIME_CONFIG_GLOBAL]: sample })).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
