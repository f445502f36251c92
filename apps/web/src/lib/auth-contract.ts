// The auth contracts (zod schemas) load with the signed-in part of the app, not with the sign-in page,
// which calls its endpoints by path alone (modules/auth/sign-in-calls.ts).
export { authContract } from '@care/shared';
