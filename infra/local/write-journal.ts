// The test stack's write journal: every write the handlers' DynamoDB client (functions/lib/ddb.ts,
// the one client of every handler and of the local Step Functions tasks) got a success for, with
// the key of each item it touched. The "writes nothing" tests read a business's writes through
// GET /__test/writes?tenant=N (tests/helpers/api.ts tenantSnapshot): two reads that differ mean
// that something was written to `ENT#N` or `ENT#N#…` in between. It replaced a Scan of the whole
// shared table per read (3.7–7.1 s late in a run, docs/decisions/0191-write-journal-journeys-side-by-side.md).
// Only tests/helpers/stack-setup.ts turns it on (StackOptions.writeJournal): `npm start` and the
// Lambdas never have the route nor the observer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { observeDdb } from '../../functions/lib/ddb';
import { JOBS_FUNCTION } from '../../functions/notifications/constants';
import { PAYMENT_FLOW_FUNCTION } from '../../functions/paiements/constants';
import { currentContext } from '../../functions/lib/request-context';
import { sendJson } from './gateway/responses';

export const WRITE_JOURNAL_PATH = '/__test/writes';

/** One item written: the command that wrote it, its key, and its rank among all the writes. */
export interface JournalEntry {
  seq: number;
  op: string;
  PK: string;
  SK: string;
  /**
   * Who wrote it, when not an API request: a background process (BACKGROUND_DOMAINS), which writes
   * on its own schedule, e.g. the payment flow settling a payment seconds after its request.
   */
  by?: string;
}

/**
 * The processes that write without a request (their request context's domain): the payment flow's
 * tasks (functions/paiements/flow-handler.ts) and the notifications' jobs (functions/notifications/jobs.ts).
 * A test that checks what one request wrote leaves their writes out (tests/helpers/api.ts
 * tenantSnapshot `requestsOnly`): the fuzz saw a payment flow's update land during a refused request.
 */
export const BACKGROUND_DOMAINS: readonly string[] = [PAYMENT_FLOW_FUNCTION, JOBS_FUNCTION];

type Key = { PK: string; SK: string };
type Raw = Record<string, unknown> | undefined;

// A key attribute in the document client's form ('ENT#5') or the low-level one ({ S: 'ENT#5' }).
function plain(v: unknown): string {
  if (v && typeof v === 'object') {
    const a = v as { S?: string; N?: string; B?: unknown };
    if (a.S !== undefined) return a.S;
    if (a.N !== undefined) return a.N;
    return JSON.stringify(v);
  }
  return String(v);
}
function keyOf(item: Raw): Key {
  return { PK: plain(item?.PK), SK: plain(item?.SK) };
}
function sameKey(a: Key, b: Key): boolean {
  return a.PK === b.PK && a.SK === b.SK;
}

/**
 * The items a successful command wrote: null when the command writes nothing, a key of '?' when
 * the journal cannot tell which item it wrote (PartiQL): such a write shows in every business's
 * journal rather than in none.
 */
export function writtenKeys(commandName: string, input: unknown, output: unknown): Key[] | null {
  const i = (input ?? {}) as Record<string, any>;
  switch (commandName) {
    case 'PutCommand':
    case 'PutItemCommand':
      return [keyOf(i.Item)];
    case 'UpdateCommand':
    case 'UpdateItemCommand':
    case 'DeleteCommand':
    case 'DeleteItemCommand':
      return [keyOf(i.Key)];
    case 'TransactWriteCommand':
    case 'TransactWriteItemsCommand':
      // ConditionCheck only reads.
      return (i.TransactItems ?? []).flatMap((t: Record<string, any>) =>
        t.Put ? [keyOf(t.Put.Item)] : t.Update ? [keyOf(t.Update.Key)] : t.Delete ? [keyOf(t.Delete.Key)] : [],
      );
    case 'BatchWriteCommand':
    case 'BatchWriteItemCommand': {
      const keys = (requests: Record<string, Record<string, any>[]> | undefined) =>
        Object.values(requests ?? {}).flatMap((list) =>
          list.flatMap((r) => (r.PutRequest ? [keyOf(r.PutRequest.Item)] : r.DeleteRequest ? [keyOf(r.DeleteRequest.Key)] : [])),
        );
      // Items DynamoDB left unprocessed were not written (the caller sends them again).
      const unprocessed = keys((output as Record<string, any> | undefined)?.UnprocessedItems);
      return keys(i.RequestItems).filter((k) => !unprocessed.some((u) => sameKey(u, k)));
    }
    case 'ExecuteStatementCommand':
    case 'BatchExecuteStatementCommand':
    case 'ExecuteTransactionCommand':
      return [{ PK: '?', SK: '?' }];
    default:
      return null;
  }
}

/** The business a partition belongs to: `ENT#5` and `ENT#5#BOUTIQUE#2` are business 5's, `ENT#50` is not. */
export function tenantOfPartition(pk: string): string | null {
  const m = /^ENT#([^#]+)(?:#|$)/.exec(pk);
  return m ? m[1] : null;
}

export interface WriteJournal {
  /** The writes to business `tenant`'s partitions so far, oldest first (PartiQL writes included). */
  forTenant(tenant: string): JournalEntry[];
  /** Serves GET /__test/writes?tenant=N; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean;
  stop(): void;
}

export function startWriteJournal(): WriteJournal {
  let seq = 0;
  // By business: a read costs the size of that business's writes, not of the run's.
  const byTenant = new Map<string, JournalEntry[]>();
  const unattributed: JournalEntry[] = [];
  observeDdb((op, input, output) => {
    const domain = currentContext()?.domain;
    const by = domain && BACKGROUND_DOMAINS.includes(domain) ? { by: domain } : {};
    for (const key of writtenKeys(op, input, output) ?? []) {
      const entry: JournalEntry = { seq: ++seq, op, ...key, ...by };
      if (key.PK === '?') {
        unattributed.push(entry);
        continue;
      }
      const tenant = tenantOfPartition(key.PK);
      if (tenant === null) continue;
      let list = byTenant.get(tenant);
      if (!list) byTenant.set(tenant, (list = []));
      list.push(entry);
    }
  });
  const forTenant = (tenant: string) => [...(byTenant.get(tenant) ?? []), ...unattributed].sort((a, b) => a.seq - b.seq);
  return {
    forTenant,
    handle(req, res, url) {
      if (url.pathname !== WRITE_JOURNAL_PATH) return false;
      const tenant = url.searchParams.get('tenant');
      req.resume();
      if (req.method !== 'GET' || !tenant) {
        sendJson(res, 400, { message: `GET ${WRITE_JOURNAL_PATH}?tenant=N` });
        return true;
      }
      sendJson(res, 200, forTenant(tenant));
      return true;
    },
    stop() {
      observeDdb(undefined);
    },
  };
}
