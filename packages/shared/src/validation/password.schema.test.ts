import { describe, it, expect } from 'vitest';
import { passwordChangeSchema } from './password.schema.js';

function issues(input: unknown): Record<string, string[]> {
  const result = passwordChangeSchema.safeParse(input);
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const valid = { partyId: 'p1', currentPassword: 'old-secret', newPassword: 'new-secret-1', newPasswordVerify: 'new-secret-1' };

describe('passwordChangeSchema', () => {
  it('accepts a complete body with matching passwords', () => {
    expect(passwordChangeSchema.parse(valid)).toEqual(valid);
  });

  it('asks for each missing field with the spec text', () => {
    expect(issues({ ...valid, currentPassword: '' })).toEqual({ currentPassword: ['请输入旧密码!'] });
    expect(issues({ ...valid, newPassword: '' })).toEqual({
      newPassword: ['请输入新密码!'],
      newPasswordVerify: ['两次输入的密码不一样！'],
    });
    expect(issues({ ...valid, newPasswordVerify: '' })).toEqual({ newPasswordVerify: ['请确认新密码!'] });
    expect(issues({ ...valid, partyId: '' })).toEqual({ partyId: ['当前系统无登陆用户!'] });
  });

  it('gives the same texts when the keys are absent', () => {
    expect(issues({})).toEqual({
      partyId: ['当前系统无登陆用户!'],
      currentPassword: ['请输入旧密码!'],
      newPassword: ['请输入新密码!'],
      newPasswordVerify: ['请确认新密码!'],
    });
  });

  it('puts the mismatch on newPasswordVerify', () => {
    expect(issues({ ...valid, newPasswordVerify: 'new-secret-2' })).toEqual({
      newPasswordVerify: ['两次输入的密码不一样！'],
    });
  });

  it('still reports a mismatch when another field is missing', () => {
    expect(issues({ ...valid, currentPassword: '', newPasswordVerify: 'other-one' })).toEqual({
      currentPassword: ['请输入旧密码!'],
      newPasswordVerify: ['两次输入的密码不一样！'],
    });
  });

  it('compares exactly: case and surrounding spaces matter', () => {
    expect(issues({ ...valid, newPasswordVerify: 'NEW-SECRET-1' })).toHaveProperty('newPasswordVerify');
    expect(issues({ ...valid, newPasswordVerify: 'new-secret-1 ' })).toHaveProperty('newPasswordVerify');
  });

  it('refuses a new password under 8 characters (SECURITY.md)', () => {
    expect(issues({ ...valid, newPassword: 'short7!', newPasswordVerify: 'short7!' })).toEqual({
      newPassword: ['密码长度不能少于8位!'],
    });
    expect(issues({ ...valid, newPassword: '12345678', newPasswordVerify: '12345678' })).toEqual({});
  });

  it('does not apply the length rule to the current password', () => {
    expect(issues({ ...valid, currentPassword: 'a' })).toEqual({});
  });

  it('refuses a body that is not an object', () => {
    expect(passwordChangeSchema.safeParse(null).success).toBe(false);
    expect(passwordChangeSchema.safeParse('x').success).toBe(false);
  });
});
