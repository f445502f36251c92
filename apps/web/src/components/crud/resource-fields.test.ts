import { describe, expect, it } from 'vitest';
import { channelResource } from '@care/shared';
import { defaultValues, sentValues } from './resource-fields';

describe('resource form values', () => {
  it('starts a new row from the fields’ defaults, also when the resource has rules across fields', () => {
    expect(defaultValues(channelResource)).toEqual({ contact: '', phone: '', commissionRate: '0', contractStart: null, contractEnd: null, enabled: true, remark: '' });
  });

  it('sends untouched text fields as empty (so the rule answers 请输入…!) and drops empty numbers', () => {
    expect(sentValues(channelResource, { name: undefined, kind: null, commissionRate: null, contractStart: null })).toEqual({ name: '', kind: '', contact: '', phone: '', remark: '' });
  });
});
