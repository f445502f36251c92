import { describe, expect, it } from 'vitest';
import { toDictOption, type Contract } from '@care/shared';
import type { RequestClient } from '../../lib/request';
import { checkRule, duplicateRule } from './remote-rules';
import { dictQueryKey, selectableOptions, valuesOf } from './useDictOptions';

describe('dictionary options in the browser', () => {
  it('reads a field value as a list: arrays, comma-separated text, empty', () => {
    expect(valuesOf(['a', 'b'])).toEqual(['a', 'b']);
    expect(valuesOf('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(valuesOf(3)).toEqual(['3']);
    for (const empty of [undefined, null, '']) expect(valuesOf(empty)).toEqual([]);
  });

  it('offers a disabled item only while it is the current value', () => {
    const options = [toDictOption('a', '甲'), { ...toDictOption('b', '乙'), disabled: true }];
    expect(selectableOptions(options, []).map((o) => o.value)).toEqual(['a']);
    expect(selectableOptions(options, ['b']).map((o) => o.value)).toEqual(['a', 'b']);
  });

  it('caches per code (and per otherField)', () => {
    expect(dictQueryKey('sex')).toEqual(['dict', 'sex']);
    expect(dictQueryKey('user', 'username')).toEqual(['dict', 'user', 'username']);
  });
});

function fakeRequest(answer: { passed: boolean; message: string }) {
  const calls: { path: string; input: unknown }[] = [];
  const request = {
    call: async (contract: Contract, input: unknown) => {
      calls.push({ path: contract.path, input });
      return answer;
    },
  } as unknown as RequestClient;
  return { request, calls };
}

describe('remote form rules', () => {
  it('duplicate check: no call for an empty value; the server message on failure; dataId of the edited record', async () => {
    const { request, calls } = fakeRequest({ passed: false, message: '该值不可用，系统中已存在！' });
    const rule = duplicateRule(request, { tableName: 'dict_type', fieldName: 'code', dataId: 'id-1' });
    await expect(rule.validator({}, '  ')).resolves.toBeUndefined();
    expect(calls).toEqual([]);
    await expect(rule.validator({}, ' sex ')).rejects.toThrow('该值不可用，系统中已存在！');
    expect(calls).toEqual([{ path: '/online/duplicate/check', input: { tableName: 'dict_type', fieldName: 'code', fieldVal: 'sex', dataId: 'id-1' } }]);
    const ok = fakeRequest({ passed: true, message: '该值可用！' });
    await expect(duplicateRule(ok.request, { tableName: 'dict_type', fieldName: 'code' }).validator({}, 'x')).resolves.toBeUndefined();
    expect(ok.calls[0]?.input).toMatchObject({ dataId: '' });
  });

  it('rule check: the failing segment’s message', async () => {
    const { request, calls } = fakeRequest({ passed: false, message: '手机号必须以1开头' });
    await expect(checkRule(request, 'mobile').validator({}, '238')).rejects.toThrow('手机号必须以1开头');
    expect(calls).toEqual([{ path: '/online/checkRule/checkByCode', input: { ruleCode: 'mobile', value: '238' } }]);
    await expect(checkRule(request, 'mobile').validator({}, undefined)).resolves.toBeUndefined();
  });
});
