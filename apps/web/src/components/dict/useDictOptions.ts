import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { dictContract, dictItemsPath, type DictOption } from '@care/shared';
import { useServices } from '../../lib/useServices';

/** Options change rarely; a page re-reads them after this long, and at once after an edit here. */
export const DICT_STALE_MS = 5 * 60_000;

export const dictQueryKey = (code: string, otherField?: string) => (otherField ? ['dict', code, otherField] : ['dict', code]);

/**
 * The options of a dictionary, enum or table source, cached by code for every component of the page
 * (one request however many selects and tags show the same code).
 */
export function useDictOptions(code: string, otherField?: string) {
  const { request } = useServices();
  return useQuery({
    queryKey: dictQueryKey(code, otherField),
    queryFn: async (): Promise<DictOption[]> =>
      dictContract.getDictItems.result.parse(await request.get(dictItemsPath(code), otherField ? { otherField } : undefined)),
    staleTime: DICT_STALE_MS,
    enabled: code !== '',
  });
}

/** Forgets the cached options of a code (all codes when none is given) after an administrator changed them. */
export function invalidateDict(client: QueryClient, code?: string): Promise<void> {
  return client.invalidateQueries({ queryKey: code ? ['dict', code] : ['dict'] });
}

export function useInvalidateDict(): (code?: string) => Promise<void> {
  const client = useQueryClient();
  return useCallback((code?: string) => invalidateDict(client, code), [client]);
}

/** Options offered for new input: disabled items only while they are the current value. */
export function selectableOptions(options: readonly DictOption[], current: readonly string[]): DictOption[] {
  return options.filter((o) => !o.disabled || current.includes(o.value));
}

/** Values of a field as a list: an array, or a comma-separated text (how several values are stored). */
export function valuesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value === undefined || value === null || value === '') return [];
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
