import { describe, expect, it } from 'vitest';
import { isDirectUrl, storedFilePath } from './file-url';

describe('stored file addresses', () => {
  it('a stored path is read back under /online/common/file/, segments encoded', () => {
    expect(storedFilePath('c1/routine/a b.png')).toBe('/online/common/file/c1/routine/a%20b.png');
    expect(storedFilePath('c1/../x.png')).toBe('/online/common/file/c1/x.png');
  });

  it('web, data and blob addresses and site paths are used as they are', () => {
    expect(isDirectUrl('https://x/y.png')).toBe(true);
    expect(isDirectUrl('data:image/png;base64,AA')).toBe(true);
    expect(isDirectUrl('blob:http://x/1')).toBe(true);
    expect(isDirectUrl('/app/favicon.svg')).toBe(true);
    expect(isDirectUrl('c1/routine/a.png')).toBe(false);
  });
});
