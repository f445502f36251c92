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
