import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';

/** Where sign-in codes go. A real SMS provider implements this same interface. */
export interface SmsSender {
  send(mobile: string, code: string): Promise<void>;
}

/**
 * The default sender: in the demo, writes the code to the server log; it keeps the last one per phone
 * (a bounded number of phones), so the demo and tests can sign in by phone without a provider. Outside
 * the demo the code never reaches the log (production refuses to start with phone sign-in on).
 */
export class LogSmsSender implements SmsSender {
  private readonly last = new LRUCache<string, string>({ max: 1000 });

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly options: { logCodes: boolean } = { logCodes: false },
  ) {}

  async send(mobile: string, code: string): Promise<void> {
    this.last.set(mobile, code);
    const masked = `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
    if (this.options.logCodes) this.log.info({ mobile: masked, code }, 'sign-in SMS code (log sender, demo)');
    else this.log.info({ mobile: masked }, 'sign-in SMS code not sent: no SMS provider is configured');
  }

  lastCode(mobile: string): string | undefined {
    return this.last.get(mobile);
  }
}
