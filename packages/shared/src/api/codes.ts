/** Envelope result codes (spec §8). The client acts on these, never on the HTTP status. */
export const ResultCode = {
  ok: '0',
  /** Business rule failed or validation failed; the message is shown to the user. */
  business: '101',
  /** Session superseded by a sign-in elsewhere. */
  superseded: '110',
  /** No session, or an expired or revoked one. */
  noSession: '302',
  forbidden: '403',
  notFound: '404',
  /** Unexpected server failure; never carries internals. */
  serverError: '500',
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

/** HTTP status that mirrors each envelope code. Validation failures use 422 with code 101. */
export const httpStatusOf: Record<ResultCodeValue, number> = {
  '0': 200,
  '101': 409,
  '110': 401,
  '302': 401,
  '403': 403,
  '404': 404,
  '500': 500,
};

/** Fixed texts the server sends; the spec writes them, so they live here once. */
export const ErrorText = {
  badSignature: '签名校验失败',
  forbidden: '拒绝访问',
  notFound: '很抱歉，资源未找到!',
  noSession: '登录已过期，请重新登录',
  superseded: '很抱歉，您的帐号已在其他地方登录，请重新登录',
  serverError: '服务器响应失败',
  staleVersion: '数据已被他人修改，请刷新后重试',
  unavailable: '服务正在停止，请稍后重试',
  bodyTooLarge: '请求内容过大',
  /** A transaction lost to a concurrent one (deadlock, serialization) every time it ran, or no connection was free. */
  retryLater: '操作繁忙，与他人的操作冲突，请重试',
  /** No database connection came free in time (the server is overloaded). */
  busyRetry: '系统繁忙，请稍后重试',
} as const;
