// Zod-free, like auth.paths.ts: the sign-in page shows these without loading the contracts.
export const AuthText = {
  badCredentials: '用户名或密码错误',
  badCaptcha: '验证码错误或已失效，请刷新后重试',
  disabled: '该用户已被禁用，请联系管理员',
  tooManyAttempts: '登录失败次数过多，请稍后再试',
  smsTooOften: '验证码发送过于频繁，请一分钟后再试',
  smsBadCode: '手机验证码错误或已失效',
  phoneUnknown: '该手机号未绑定用户',
  casFailed: 'CAS 认证失败',
  casUnknownUser: 'CAS 用户未在本系统中开通',
  wechatNotConfigured: '微信登录未配置',
  wechatUnbound: '该微信尚未绑定用户',
  smsSent: '验证码已发送',
  smsLimited: '短信发送次数过多，请稍后再试',
  phoneLoginOff: '手机号登录未开启',
  wechatBadState: '微信授权已失效，请重新扫码',
} as const;
