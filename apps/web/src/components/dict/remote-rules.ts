import { useMemo } from 'react';
import { checkRuleContract, duplicateCheckContract } from '@care/shared';
import type { RequestClient } from '../../lib/request';
import { useServices } from '../../lib/useServices';

/** An antd Form rule checked by the server. */
export interface RemoteRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/**
 * Unique-value check (spec §5): asks the server only when a value is present and shows the server's
 * message under the field. `dataId` is the record being edited (it does not count against itself).
 */
export function duplicateRule(request: RequestClient, target: { tableName: string; fieldName: string; dataId?: string | null }): RemoteRule {
  return {
    validator: async (_rule, value) => {
      const fieldVal = text(value);
      if (fieldVal === '') return;
      const outcome = await request.call(duplicateCheckContract.check, { tableName: target.tableName, fieldName: target.fieldName, fieldVal, dataId: target.dataId ?? '' });
      if (!outcome.passed) throw new Error(outcome.message);
    },
  };
}

/** A 校验规则 by code: asks the server only when a value is present; the failing segment's message shows. */
export function checkRule(request: RequestClient, ruleCode: string): RemoteRule {
  return {
    validator: async (_rule, value) => {
      const v = text(value);
      if (v === '') return;
      const outcome = await request.call(checkRuleContract.checkByCode, { ruleCode, value: v });
      if (!outcome.passed) throw new Error(outcome.message);
    },
  };
}

export function useDuplicateRule(tableName: string, fieldName: string, dataId?: string | null): RemoteRule {
  const { request } = useServices();
  return useMemo(() => duplicateRule(request, { tableName, fieldName, dataId }), [request, tableName, fieldName, dataId]);
}

export function useCheckRule(ruleCode: string): RemoteRule {
  const { request } = useServices();
  return useMemo(() => checkRule(request, ruleCode), [request, ruleCode]);
}
