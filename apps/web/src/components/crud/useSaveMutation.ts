import { useMutation } from '@tanstack/react-query';
import type { Contract } from '@care/shared';
import { useSuccessNotice } from './useSuccessNotice';

/**
 * The save of an add/edit dialog: runs `mutationFn`, then shows the success text of `add` or `edit`
 * (whichever `editing` says was called), hands the saved record to `onSaved` and closes.
 */
export function useSaveMutation<TResult, TValues = void>({
  editing,
  add,
  edit,
  mutationFn,
  onSaved,
  onClose,
  onError,
}: {
  editing: boolean;
  add: Contract;
  edit: Contract;
  mutationFn: (values: TValues) => Promise<TResult>;
  onSaved: (saved: TResult) => void;
  onClose: () => void;
  onError?: (error: Error) => void;
}) {
  const notice = useSuccessNotice();
  return useMutation({
    mutationFn,
    onSuccess: (saved: TResult) => {
      notice(editing ? edit : add);
      onSaved(saved);
      onClose();
    },
    onError,
  });
}

/**
 * A dialog's one call (a state move with its values — 取消, 驳回, 上户 …): runs `mutationFn`, shows the
 * contract's success text, then `onDone` (the list's reload) and `onClose`.
 */
export function useActionMutation<TResult, TValues>({
  contract,
  mutationFn,
  onDone,
  onClose,
}: {
  contract: Contract;
  mutationFn: (values: TValues) => Promise<TResult>;
  onDone: () => void;
  onClose: () => void;
}) {
  return useSaveMutation({ editing: false, add: contract, edit: contract, mutationFn, onSaved: () => onDone(), onClose });
}
