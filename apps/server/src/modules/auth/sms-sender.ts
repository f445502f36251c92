import type { FastifyBaseLogger } from 'fastify';

/** Where sign-in codes go. A real SMS provider implements this same interface. */
export interface SmsSender {
  send(mobile: string, code: string): Promise<void>;
}

/**
 * The default sender: writes the code to the server log and keeps the last one per phone, so the demo
 * (and tests) can sign in by phone without a provider.
 */
export class LogSmsSender implements SmsSender {
  private readonly last = new Map<string, string>();

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(mobile: string, code: string): Promise<void> {
    this.last.set(mobile, code);
    this.log.info({ mobile: `${mobile.slice(0, 3)}****${mobile.slice(7)}`, code }, 'sign-in SMS code (log sender)');
  }

  lastCode(mobile: string): string | undefined {
    return this.last.get(mobile);
  }
}
