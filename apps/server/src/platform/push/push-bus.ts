/**
 * Live push between server instances (spec §4: the whole site, a company, a user's partyId).
 * Modules publish; the WebSocket endpoint subscribes and forwards to the connected browsers of the
 * audience. Adapters: in-process (one instance), PostgreSQL LISTEN/NOTIFY, RabbitMQ topic exchange.
 */
export type PushAudience = { scope: 'site' } | { scope: 'company'; companyId: string } | { scope: 'user'; userId: string };

export interface PushEvent {
  /** 'notice': a system announcement; 'message': a personal message (spec §2). */
  kind: 'notice' | 'message';
  /** Small and already safe to show: ids, a title, a priority. Browsers fetch the rest. */
  payload: Record<string, unknown>;
}

export interface PushEnvelope {
  audience: PushAudience;
  event: PushEvent;
}

export type PushListener = (envelope: PushEnvelope) => void;

export interface PushBus {
  publish(audience: PushAudience, event: PushEvent): Promise<void>;
  /** Every envelope published by any instance, this one included; returns the unsubscribe. */
  subscribe(listener: PushListener): () => void;
  close(): Promise<void>;
}

/** One process: delivery is a function call. */
export class LocalPushBus implements PushBus {
  private readonly listeners = new Set<PushListener>();

  async publish(audience: PushAudience, event: PushEvent): Promise<void> {
    for (const listener of this.listeners) listener({ audience, event });
  }

  subscribe(listener: PushListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
