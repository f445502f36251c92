import { describe, expect, it } from 'vitest';
import { passwordChangeSchema } from '@care/shared';
import { schemaRule } from './schema-rule';

async function messageOf(field: string, values: Record<string, unknown>): Promise<string | null> {
  try {
    await schemaRule(passwordChangeSchema, field, () => ({ partyId: 'u1', ...values })).validator(null, values[field]);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('schemaRule with the password-change schema (spec §5)', () => {
  it('shows the spec messages for empty fields', async () => {
    expect(await messageOf('currentPassword', {})).toBe('请输入旧密码!');
    expect(await messageOf('newPassword', {})).toBe('请输入新密码!');
    expect(await messageOf('newPasswordVerify', {})).toBe('请确认新密码!');
  });

  it('the confirmation must equal the new password', async () => {
    expect(await messageOf('newPasswordVerify', { newPassword: 'Abcdef123', newPasswordVerify: 'Abcdef124' })).toBe('两次输入的密码不一样！');
    expect(await messageOf('newPasswordVerify', { newPassword: 'Abcdef123', newPasswordVerify: 'Abcdef123' })).toBeNull();
  });

  it('a field passes while another fails', async () => {
    expect(await messageOf('currentPassword', { currentPassword: 'x' })).toBeNull();
  });

  it('required only marks the field', () => {
    expect(schemaRule(passwordChangeSchema, 'x', () => ({}), true).required).toBe(true);
  });
});
