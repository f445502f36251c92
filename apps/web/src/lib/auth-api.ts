import { ErrorText, type LoginResult, type PermissionResult } from '@care/shared';
import { transportError } from './api-error';
import { NOTICE_SECONDS, RequestText, type Notice, type RequestClient } from './request';
import { usePermissionStore } from './permission-store';
import { getAccessToken } from './session';
import { useSessionStore } from './session-store';
import { SESSION_TTL_MS, StorageKey, type AppStorage } from './storage';

/** Spec §8: what an empty menu list reports before the user is logged out. */
export const PERMISSION_LIST_ERROR = 'getPermissionList: permissions must be a non-null array !';

export class EmptyPermissionListError extends Error {
  override readonly name = 'EmptyPermissionListError';
  constructor() {
    super(PERMISSION_LIST_ERROR);
  }
}

export interface AuthDeps {
  request: RequestClient;
  storage: AppStorage;
  notify(notice: Notice): void;
  /** Full-page navigation (logout reloads the app). */
  assign(url: string): void;
}

// Bound once at start-up (create-services), like the session store: logout is called from places
// (header menu, request layer) that have no services at hand.
let deps: AuthDeps | null = null;

export function bindAuthApi(bound: AuthDeps): void {
  deps = bound;
}

function bound(): AuthDeps {
  if (!deps) throw new Error('auth-api used before bindAuthApi()');
  return deps;
}

/** Local part of logout (spec §4): token, user info, company, department and permissions go. */
export function clearLocalSession(): void {
  useSessionStore.getState().clear();
  usePermissionStore.getState().reset();
}

/** The auth contracts, loaded on first use: the sign-in page does without zod (scripts/check-web-budget.ts). */
const authContracts = () => import('./auth-contract').then((m) => m.authContract);

let inflight: Promise<PermissionResult> | null = null;

/**
 * Fetches menu, auth and all-auth lists into the permission store (and the button-auth lists into
 * local storage). Rejects with EmptyPermissionListError for an empty menu. Concurrent callers share
 * one request.
 */
export function loadPermissions(): Promise<PermissionResult> {
  inflight ??= fetchPermissions().finally(() => {
    inflight = null;
  });
  return inflight;
}

async function fetchPermissions(): Promise<PermissionResult> {
  const { request, storage } = bound();
  const result = await request.call((await authContracts()).getUserPermissionByToken);
  if (result.menu.length === 0) throw new EmptyPermissionListError();
  storage.set(StorageKey.userButtonAuth, result.auth, SESSION_TTL_MS);
  storage.set(StorageKey.sysButtonAuth, result.allAuth, SESSION_TTL_MS);
  usePermissionStore.getState().set(result);
  return result;
}

/**
 * Checks a sign-in answer against its contract (the sign-in page posts without zod), stores it and
 * fetches the permissions; rejects as loadPermissions does. An answer that does not match is reported
 * as the request layer reports any result that breaks its contract.
 */
export async function completeSignIn(answer: LoginResult): Promise<PermissionResult> {
  const parsed = (await authContracts()).getCodeLogin.result.safeParse(answer);
  if (!parsed.success) {
    console.error('sign-in: result does not match its contract', parsed.error);
    bound().notify({ title: RequestText.noticeTitle, description: ErrorText.serverError, duration: NOTICE_SECONDS });
    throw transportError();
  }
  useSessionStore.getState().signedIn(parsed.data);
  return loadPermissions();
}

/**
 * After the permission fetch failed: report an empty menu (the request layer has already told the
 * user about any failed call), then sign out. The caller sends the user to sign-in.
 */
export async function recoverFromPermissionFailure(error: unknown): Promise<void> {
  if (error instanceof EmptyPermissionListError) {
    console.error(error.message);
    bound().notify({ title: RequestText.noticeTitle, description: error.message });
  }
  await signOut();
}

/**
 * Server logout with the current token, failure ignored (spec §4), then the local state is cleared.
 * The call goes first: it needs the token the local clearing removes.
 */
export async function signOut(): Promise<void> {
  const { request, storage } = bound();
  const token = useSessionStore.getState().token ?? getAccessToken(storage);
  if (token) {
    try {
      await request.call((await authContracts()).logout, { token });
    } catch {
      // Spec §4: a failing logout is ignored.
    }
  }
  clearLocalSession();
}

/** The user's logout (spec §2, §4): signOut, then a full reload of the app root (/app/). */
export async function logout(): Promise<void> {
  await signOut();
  bound().assign(import.meta.env.BASE_URL);
}
