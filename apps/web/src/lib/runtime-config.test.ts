import { describe, expect, it } from 'vitest';
import { RUNTIME_CONFIG_GLOBAL } from '@care/shared';
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
});
