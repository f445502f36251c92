import { useCallback } from 'react';
import { App } from 'antd';
import type { Contract } from '@care/shared';

/** Shows the contract's success text (添加成功！, 保存成功！ …) as the server words it. */
export function useSuccessNotice(): (contract: Contract) => void {
  const { message } = App.useApp();
  return useCallback(
    (contract: Contract) => {
      if (contract.successMessage) void message.success(contract.successMessage);
    },
    [message],
  );
}
