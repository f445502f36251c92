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
  /**
   * Hands the event to every instance. Best effort: the stored record is the truth and browsers
   * fetch what they missed, so a broker or database outage is logged, never thrown at the caller.
   * Throws only for an event that can never be sent (larger than PUSH_MAX_BYTES).
   */
  publish(audience: PushAudience, event: PushEvent): Promise<void>;
  /** Every envelope published by any instance, this one included; returns the unsubscribe. */
  subscribe(listener: PushListener): () => void;
  /** Called when the bus got its connection back after losing it: envelopes sent meanwhile are lost. */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

/** PostgreSQL NOTIFY carries at most 8000 bytes; every adapter keeps the same limit. */
export const PUSH_MAX_BYTES = 7000;

export class PushTooLargeError extends Error {}

export function encodeEnvelope(envelope: PushEnvelope): string {
  const text = JSON.stringify(envelope);
  if (Buffer.byteLength(text) > PUSH_MAX_BYTES) throw new PushTooLargeError(`push event larger than ${PUSH_MAX_BYTES} bytes`);
  return text;
}

/** Parses what another instance sent; anything malformed is dropped (undefined). */
export function decodeEnvelope(text: string): PushEnvelope | undefined {
  try {
    const value = JSON.parse(text) as Partial<PushEnvelope>;
    const audience = value.audience as Partial<{ scope: string; companyId: unknown; userId: unknown }> | undefined;
    const event = value.event as Partial<PushEvent> | undefined;
    if (!audience || !event || (event.kind !== 'notice' && event.kind !== 'message')) return undefined;
    if (typeof event.payload !== 'object' || event.payload === null) return undefined;
    if (audience.scope === 'site') return { audience: { scope: 'site' }, event: { kind: event.kind, payload: event.payload } };
    if (audience.scope === 'company' && typeof audience.companyId === 'string') {
      return { audience: { scope: 'company', companyId: audience.companyId }, event: { kind: event.kind, payload: event.payload } };
    }
    if (audience.scope === 'user' && typeof audience.userId === 'string') {
      return { audience: { scope: 'user', userId: audience.userId }, event: { kind: event.kind, payload: event.payload } };
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/** Listener bookkeeping shared by the adapters; one failing listener does not starve the others. */
export class PushListeners {
  private readonly listeners = new Set<PushListener>();
  private readonly gapListeners = new Set<() => void>();

  constructor(private readonly onError: (err: unknown) => void) {}

  subscribe(listener: PushListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onGap(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  emit(envelope: PushEnvelope): void {
    for (const listener of this.listeners) {
      try {
        listener(envelope);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  emitGap(): void {
    for (const listener of this.gapListeners) {
      try {
        listener();
      } catch (err) {
        this.onError(err);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
    this.gapListeners.clear();
  }
}

/** One process: delivery is a function call. */
export class LocalPushBus implements PushBus {
  private readonly listeners: PushListeners;

  constructor(onError: (err: unknown) => void = () => undefined) {
    this.listeners = new PushListeners(onError);
  }

  async publish(audience: PushAudience, event: PushEvent): Promise<void> {
    // Same size rule and same copy semantics as the adapters that cross a wire.
    const envelope = decodeEnvelope(encodeEnvelope({ audience, event }));
    if (envelope) this.listeners.emit(envelope);
  }

  subscribe(listener: PushListener): () => void {
    return this.listeners.subscribe(listener);
  }

  onGap(listener: () => void): () => void {
    return this.listeners.onGap(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
