import type { FormRule } from 'antd';
import { PasswordChangeText } from '@care/shared';

/** The rules of a 确认密码 item: given, and the same as the `password` item it depends on. */
export function confirmPasswordRules(requiredMessage: string): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    ({ getFieldValue }) => ({
      validator: (_r, value) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(PasswordChangeText.mismatch))),
    }),
  ];
}
