import { describe, expect, it } from 'vitest';
import type { AuthEntry } from '@care/shared';
import { hasAuthority, holdsAllHrData } from './has-authority';

const entry = (action: string, type = '1', status = '1'): AuthEntry => ({ action, type, status });

describe('hasAuthority (spec §5)', () => {
  const none = { auth: [], allAuth: [] };

  it('removes the element when no list has the action', () => {
    expect(hasAuthority('user:add', none)).toBe(false);
    expect(hasAuthority('user:add', { formPermissions: [entry('user:edit')], auth: [entry('user:delete')], allAuth: [entry('user:x', '1', '0')] })).toBe(false);
  });

  it("keeps it when the current form's permission list has the action", () => {
    expect(hasAuthority('user:add', { ...none, formPermissions: [entry('user:add')] })).toBe(true);
  });

  it("ignores a type '2' entry of the form's list", () => {
    expect(hasAuthority('user:add', { ...none, formPermissions: [entry('user:add', '2')] })).toBe(false);
  });

  it('treats a missing or null form list as empty', () => {
    expect(hasAuthority('user:add', { ...none, formPermissions: null })).toBe(false);
    expect(hasAuthority('user:add', { ...none, formPermissions: undefined })).toBe(false);
  });

  it("keeps it when the user's auth list has the action", () => {
    expect(hasAuthority('user:add', { ...none, auth: [entry('user:add')] })).toBe(true);
  });

  it("ignores a type '2' entry of the user's auth list", () => {
    expect(hasAuthority('user:add', { ...none, auth: [entry('user:add', '2')] })).toBe(false);
  });

  it("keeps it when the all-auth list has the action enabled (status '0')", () => {
    expect(hasAuthority('user:add', { ...none, allAuth: [entry('user:add', '1', '0')] })).toBe(true);
  });

  it("removes it when the all-auth list has the action with another status", () => {
    expect(hasAuthority('user:add', { ...none, allAuth: [entry('user:add', '1', '1')] })).toBe(false);
  });

  it("ignores a type '2' entry of the all-auth list (spec §3: type 2 takes part in no check)", () => {
    expect(hasAuthority('user:add', { ...none, allAuth: [entry('user:add', '2', '0')] })).toBe(false);
  });

  it('matches the action exactly', () => {
    expect(hasAuthority('user:add', { ...none, auth: [entry('user:addx'), entry('User:add')] })).toBe(false);
  });
});

describe('holdsAllHrData', () => {
  it("is true only when the user's own auth list holds allhrdata (type not '2')", () => {
    expect(holdsAllHrData([entry('allhrdata')])).toBe(true);
    expect(holdsAllHrData([entry('allhrdata', '2')])).toBe(false);
    expect(holdsAllHrData([entry('user:add')])).toBe(false);
    expect(holdsAllHrData([])).toBe(false);
  });
});
