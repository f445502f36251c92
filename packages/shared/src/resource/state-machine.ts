export type Move<S extends string> = { ok: true; from: S; to: S } | { ok: false; message: string };

export interface StateMachineSpec<S extends string, E extends string> {
  /** What a record is called in refusals (线索, 预约 …). */
  subject: string;
  /** Label of each state, as the dictionary words it. */
  stateLabel: (state: S) => string;
  /** Label of each event (编辑, 标记为已到店 …). */
  events: Record<E, string>;
  /** From → to for each event; a missing entry is an illegal move. */
  moves: Record<E, Partial<Record<S, S>>>;
  /** An event's own refusal, where the product words it (该通告已发布); the generic one otherwise. */
  refusals?: Partial<Record<E, string>>;
}

/**
 * A pure state machine: the one place a module decides its moves. The server's `transition` helper
 * applies it under a row lock; the web asks `can` to enable buttons. Refusals read
 * `<subject>当前状态为「<state>」，不能<event>` unless `refusals` words the event's own.
 */
export function defineStateMachine<S extends string, E extends string>(spec: StateMachineSpec<S, E>) {
  const move = (from: S, event: E): Move<S> => {
    const to = spec.moves[event][from];
    if (to) return { ok: true, from, to };
    return { ok: false, message: spec.refusals?.[event] ?? `${spec.subject}当前状态为「${spec.stateLabel(from)}」，不能${spec.events[event]}` };
  };
  return {
    ...spec,
    move,
    can: (from: S, event: E): boolean => spec.moves[event][from] !== undefined,
  };
}

export type StateMachine<S extends string = string, E extends string = string> = ReturnType<typeof defineStateMachine<S, E>>;
