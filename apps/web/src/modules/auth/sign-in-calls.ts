import { authPaths, systemPaths, type authContract, type ContractBody, type ContractResult, type systemContract } from '@care/shared';
import type { Params, RequestClient } from '../../lib/request';

type Auth = typeof authContract;

/**
 * The sign-in page's calls, by the contracts' paths and typed by the contracts, without loading them:
 * zod and the schemas would be a sixth of this page's code (scripts/check-web-budget.ts). The answers
 * are used as they come; a sign-in answer is checked against its contract when it is stored
 * (lib/auth-api.ts, completeSignIn), along with the permissions that come next.
 */
export function signInCalls(request: RequestClient) {
  const post = <C>(route: { path: string }, body?: ContractBody<C>) => request.post<ContractResult<C>>(route.path, body as Params | undefined);
  return {
    systemConfig: () => post<typeof systemContract.getSystemConfig>(systemPaths.getSystemConfig),
    loginOptions: () => post<Auth['loginOptions']>(authPaths.loginOptions),
    getCodeLogin: (body: ContractBody<Auth['getCodeLogin']>) => post<Auth['getCodeLogin']>(authPaths.getCodeLogin, body),
    phoneLogin: (body: ContractBody<Auth['phoneLogin']>) => post<Auth['phoneLogin']>(authPaths.phoneLogin, body),
    casValidateLogin: (body: ContractBody<Auth['casValidateLogin']>) => post<Auth['casValidateLogin']>(authPaths.casValidateLogin, body),
    registerWxLogin: (body: ContractBody<Auth['registerWxLogin']>) => post<Auth['registerWxLogin']>(authPaths.registerWxLogin, body),
    wechatState: () => post<Auth['wechatState']>(authPaths.wechatState),
    sms: (body: ContractBody<Auth['sms']>) => post<Auth['sms']>(authPaths.sms, body),
    /** The captcha image for a key: a data: URL. */
    randomImage: (checkKey: string) => request.get<unknown>(authPaths.randomImage.path.replace(/:checkKey$/, encodeURIComponent(checkKey))),
  };
}
