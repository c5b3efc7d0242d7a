import type { CallSignal } from '@kaleido/shared/calls/calls.schemas';

/**
 * What a browser may ask of the server over its socket besides joining rooms: today, call
 * signals. The feature that owns an action registers its handler here (realtime/ imports no
 * module); the gateway validates the message with the shared schema, then calls the handler
 * with the socket's user. A handler that throws an AppError answers that socket `refused`.
 */
export interface ClientActions {
  call?: (userId: string, signal: CallSignal) => Promise<void>;
}

export class ClientActionRegistry {
  readonly #actions: ClientActions = {};

  register<K extends keyof ClientActions>(kind: K, handler: NonNullable<ClientActions[K]>): void {
    if (this.#actions[kind]) throw new Error(`client action ${kind} registered twice`);
    this.#actions[kind] = handler;
  }

  get<K extends keyof ClientActions>(kind: K): ClientActions[K] {
    return this.#actions[kind];
  }
}
