import type { Contract } from '@care/shared';
import { useSaveMutation } from '../crud/useSaveMutation';
import { useServices } from '../../lib/useServices';

/**
 * The save of an add/edit dialog whose edit sends the form's values with the record's id and the
 * version it read (the optimistic lock), and whose add sends the values alone.
 */
export function useRecordSave<TValues>({
  record,
  add,
  edit,
  onSaved,
  onClose,
}: {
  /** The record edited; null or undefined to add one. */
  record: { id: string; version: number } | null | undefined;
  add: Contract;
  edit: Contract;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { request } = useServices();
  // The contracts differ per dialog; the values are the form's, checked by its schema rules.
  const client = request as unknown as { call(contract: Contract, input: unknown): Promise<unknown> };
  return useSaveMutation({
    editing: Boolean(record),
    add,
    edit,
    mutationFn: (values: TValues) => (record ? client.call(edit, { ...values, id: record.id, version: record.version }) : client.call(add, values)),
    onSaved: () => onSaved(),
    onClose,
  });
}
