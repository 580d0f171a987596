// Who is being served right now: the request (or payment-flow task) a log line, a metric or a
// recorded AWS call belongs to. In Lambda a container serves one request at a time, but the local
// stack runs every domain's handler in one process, many requests at once: module-level state
// would mix them, so the context lives in an AsyncLocalStorage (node:async_hooks, already loaded
// by Node itself: no cold-start cost worth measuring).
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  /** The function answering: a domain of the route table, or `payments-flow`. */
  domain: string;
  /** API Gateway's request id (or the flow task's execution-and-state id). */
  requestId: string;
  /**
   * Ties an API call to what it starts: the payment flow's execution carries the request id of
   * the call that started it, and each of its tasks logs it (shared/paiement-flow.ts).
   */
  correlationId: string;
  /** Filled once known (after authentication): ids only, never names. */
  tenantId?: number;
  userId?: number;
}

const store = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return store.run(ctx, fn);
}

export function currentContext(): RequestContext | undefined {
  return store.getStore();
}
