import { ErrorText, ResultCode, type ResultCodeValue } from '@care/shared';

/** A failure the caller should see: carries the envelope code and a user-facing Chinese message. */
export class AppError extends Error {
  constructor(
    readonly code: Exclude<ResultCodeValue, '0'>,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/** A business rule refused the request (code 101); the message is shown to the user. */
export class BizError extends AppError {
  constructor(message: string) {
    super(ResultCode.business, message);
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super(ResultCode.business, message, 422);
  }
}

export class BadSignature extends AppError {
  constructor() {
    super(ResultCode.business, ErrorText.badSignature, 401);
  }
}

export class Forbidden extends AppError {
  constructor(message: string = ErrorText.forbidden) {
    super(ResultCode.forbidden, message);
  }
}

export class NotFound extends AppError {
  constructor(message: string = ErrorText.notFound) {
    super(ResultCode.notFound, message);
  }
}

export class NoSession extends AppError {
  constructor(message: string = ErrorText.noSession) {
    super(ResultCode.noSession, message);
  }
}

export class SessionSuperseded extends AppError {
  constructor() {
    super(ResultCode.superseded, ErrorText.superseded);
  }
}

/** An edit carried a version that is no longer current. */
export class StaleVersion extends BizError {
  constructor() {
    super(ErrorText.staleVersion);
  }
}
