import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthText, authContract as c } from '@care/shared';
import { BizError } from '../../platform/errors.js';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import type { AuthService, Client } from './auth.service.js';
import { issueWechatState, spendWechatState, wechatAuthorizeUrl } from './wechat-state.js';

function clientOf(request: FastifyRequest): Client {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null };
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthService): void {
  registerContract(app, c.randomImage, ({ params }) => auth.newCaptcha(String(params.checkKey).slice(0, 64)));
  registerContract(app, c.loginOptions, async () => ({
    captcha: ctx.config.loginCaptcha,
    casLoginUrl: ctx.config.casServerUrl && ctx.config.casServiceUrl ? `${ctx.config.casServerUrl}/login?${new URLSearchParams({ service: ctx.config.casServiceUrl })}` : null,
    wechat: ctx.config.wechat !== undefined,
  }));
  registerContract(app, c.getCodeLogin, ({ body, request }) => auth.loginWithPassword(body, clientOf(request)));
  registerContract(app, c.sms, async ({ body, request }) => {
    await auth.sendSmsCode(body.mobile, clientOf(request));
    return null;
  });
  registerContract(app, c.phoneLogin, ({ body, request }) => auth.loginWithPhone(body, clientOf(request)));
  registerContract(app, c.casValidateLogin, ({ body, request }) => auth.loginWithCas(body, clientOf(request)));
  registerContract(app, c.wechatState, async ({ request, reply }) => {
    const state = issueWechatState(request, reply);
    return { state, authorizeUrl: ctx.config.wechat ? wechatAuthorizeUrl(ctx.config.wechat, state) : null };
  });
  registerContract(app, c.registerWxLogin, async ({ body, request, reply }) => {
    if (!ctx.config.wechat) throw new BizError(AuthText.wechatNotConfigured);
    // The state this browser was given, before the code is sent anywhere.
    await spendWechatState(request, reply, body.state, ctx.nonces);
    return auth.loginWithWechat(body.code, clientOf(request));
  });
  registerContract(app, c.logout, async ({ request }) => {
    await auth.logout(requireSession(request).sessionId);
    return null;
  });
}
