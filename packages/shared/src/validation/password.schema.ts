import { z } from 'zod';

/** Password-change texts (spec §5), written exactly as the spec has them. */
export const PasswordChangeText = {
  noLoginUser: '当前系统无登陆用户!',
  currentRequired: '请输入旧密码!',
  newRequired: '请输入新密码!',
  verifyRequired: '请确认新密码!',
  mismatch: '两次输入的密码不一样！',
  // SECURITY.md: new passwords are at least 8 characters; the spec gives no text for it.
  tooShort: '密码长度不能少于8位!',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

function requiredText(message: string) {
  return z.string({ error: message }).min(1, { error: message });
}

/** Body of the password change (spec §3): `{ partyId, currentPassword, newPassword, newPasswordVerify }`. */
export const passwordChangeSchema = z
  .object({
    partyId: requiredText(PasswordChangeText.noLoginUser),
    currentPassword: requiredText(PasswordChangeText.currentRequired),
    // An empty value shows only the "required" message. (Not `abort` on it: that would also skip
    // the mismatch check below.)
    newPassword: requiredText(PasswordChangeText.newRequired).refine(
      (value) => value === '' || [...value].length >= PASSWORD_MIN_LENGTH,
      { error: PasswordChangeText.tooShort },
    ),
    newPasswordVerify: requiredText(PasswordChangeText.verifyRequired),
  })
  .refine((body) => body.newPasswordVerify === '' || body.newPassword === body.newPasswordVerify, {
    error: PasswordChangeText.mismatch,
    path: ['newPasswordVerify'],
    // Compare whenever both passwords are text, even if another field (say the old password) failed.
    when: (payload) => {
      const body = payload.value as Record<string, unknown> | undefined;
      return typeof body?.newPassword === 'string' && typeof body.newPasswordVerify === 'string';
    },
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
