import { ErrorText, ResultCode } from '@care/shared';

/**
 * A failed call: the envelope's code and message, or code '500' with 服务器响应失败 when no envelope
 * arrived (network failure, time-out, an HTTP failure without a body we understand).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export function transportError(): ApiError {
  return new ApiError(ResultCode.serverError, ErrorText.serverError);
}
