import { describe, expect, it } from 'vitest';
import type { MyStore } from '@care/shared';
import { chosenStoreKey, pickStore } from './StoreScopedPage';

const store = (id: string, enabled = true): MyStore => ({ id, code: id.toUpperCase(), name: `${id}店`, enabled });

describe('the store switcher\'s choice', () => {
  const stores = [store('ns'), store('ft'), store('old', false)];

  it('keeps the remembered store while it is still one of the user\'s', () => {
    expect(pickStore(stores, 'ft')).toBe('ft');
    expect(pickStore(stores, 'old')).toBe('old');
  });

  it('falls back to the first store when nothing, or a store no longer hers, is remembered', () => {
    expect(pickStore(stores, null)).toBe('ns');
    expect(pickStore(stores, 'gone')).toBe('ns');
  });

  it('has nothing to show for a user without stores', () => {
    expect(pickStore([], 'ns')).toBeNull();
  });

  it('is remembered per user and company', () => {
    expect(chosenStoreKey('u1', 'c1')).not.toBe(chosenStoreKey('u2', 'c1'));
    expect(chosenStoreKey('u1', 'c1')).not.toBe(chosenStoreKey('u1', 'c2'));
  });
});
