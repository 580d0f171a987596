// The outbox: writes typed without a connection wait on the device, in IndexedDB
// (idb-keyval), and are sent in the order they were typed once the connection returns, each with
// its own idempotency key (the server answers a replay with the first answer, never a second
// write: functions/lib/idempotency.ts). An entry the server refuses at sync time (stock sold
// meanwhile, batch closed, right removed) is kept as "À corriger" with the server's French
// message, never dropped silently. Entries belong to the user who typed them (business + user):
// another account signed in on the same phone neither sees nor sends them.
//
// The time an entry was typed travels with it: submitWrite writes it into the body as `saisi_le`
// (ISO, UTC) at typing time, and the server dates the entry by it (created_at = saisi_le when it
// lies within the last 31 days, docs/decisions.md "Figures a farmer can trust"), so a loss typed
// offline at 23:50 and synced after midnight keeps its day. It is part of the stored body, never
// recomputed at send time: the idempotency fingerprint covers the request bytes, and a replay must
// send the same bytes.
//
// Lazy: only the authenticated app imports this module (the login screen never loads it).
import { createStore, get, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import { ApiError, request } from '../http';
import { getCustomer } from '../storage';
import { PARTS_MSG, SYNC_MSG } from '@shared/messages/sync';
import { newIdempotencyKey } from '@shared/idempotency-key';

export type OutboxKind =
  | 'perte'
  | 'depense'
  | 'vente-bande'
  | 'pesage'
  | 'collecte'
  | 'vente'
  | 'versement'
  // Flock health: a step done, skipped or reopened, a treatment and its cancel, a plan given to
  // a batch, a plan written in the editor.
  | 'sante-fait'
  | 'sante-sauter'
  | 'sante-annuler'
  | 'traitement'
  | 'traitement-annuler'
  | 'sante-plan'
  | 'sante-plan-edit'
  // The feed store: a purchase, what a batch ate.
  | 'aliment-achat'
  | 'aliment-conso'
  // The daily round (decision 0240): one batch's day in several writes (loss, eggs,
  // feed, sheet), sent part by part (`parts`); and a daily sheet saved on its own.
  | 'tournee'
  | 'fiche'
  // A layer flock's eggs: a move to a shop product, a breakage.
  | 'oeufs-transfert'
  | 'oeufs-casse'
  // A slaughter (new or edited), whose categories may fill shop products.
  | 'abattage';

/**
 * One write of a multi-part entry (the daily round): sent in order, each with its own idempotency
 * key (`partKey`), once. `nom` names it in a refusal (« Collecte d'œufs : … »).
 */
export interface OutboxPart {
  /** Unique within the entry: the part's key and its mark in `written`. */
  id: string;
  nom: string;
  url: string;
  body: unknown;
}

export interface OutboxEntry {
  /** Also the request's Idempotency-Key. */
  id: string;
  /** `<business>:<user>` of the account that typed it. */
  owner: string;
  kind: OutboxKind;
  url: string;
  body: unknown;
  droit?: string;
  /** What the entry is, in French, for the lists ("Perte de 3 sujets"). */
  label: string;
  /** The batch an entry of a batch belongs to (its detail lists it as pending). */
  bandeId?: number;
  /** That batch's name when the entry was typed, for the lists (entries queued before it was kept: see entryBatch). */
  bandeNom?: string;
  /** The entry's own day (YYYY-MM-DD, its `date` field), which the lists show rather than the typing time. */
  day?: string;
  /** Query-key prefixes to reload once it is written. */
  invalidate: string[];
  createdAt: string;
  state: 'pending' | 'failed';
  /** The server's French message of a refusal ("À corriger"). */
  error?: string;
  attempts: number;
  /**
   * A multi-part entry's writes (kind 'tournee'): `url`/`body` then only name it. The parts in
   * `written` were accepted and are never sent again: a refused part turns the entry « À corriger »
   * while the parts before it stay written (decision 0240).
   */
  parts?: OutboxPart[];
  written?: string[];
}

/** What a write answers when it was kept on the device instead of sent. */
export interface Queued {
  queued: true;
  entry: OutboxEntry;
}

export function isQueued(value: unknown): value is Queued {
  return !!value && typeof value === 'object' && (value as Queued).queued === true;
}

const store = typeof indexedDB === 'undefined' ? undefined : createStore('ganaar-outbox', 'entries');
const QUEUE = 'queue';

let snapshot: OutboxEntry[] = [];
let loaded = false;
const listeners = new Set<() => void>();

function ownerOf(): string | null {
  const c = getCustomer();
  return c ? `${c.id_entreprise}:${c.id}` : null;
}

async function readAll(): Promise<OutboxEntry[]> {
  if (!store) return snapshot;
  return ((await get<OutboxEntry[]>(QUEUE, store)) ?? []).filter(Boolean);
}

// One change at a time: a read-modify-write of the queue never interleaves with another.
let chain: Promise<unknown> = Promise.resolve();
function change(fn: (all: OutboxEntry[]) => OutboxEntry[]): Promise<void> {
  const next = chain.then(async () => {
    const all = fn(await readAll());
    if (store) await set(QUEUE, all, store);
    publish(all);
  });
  chain = next.catch(() => undefined);
  return next;
}

function publish(all: OutboxEntry[]): void {
  const owner = ownerOf();
  snapshot = all.filter((e) => e.owner === owner);
  loaded = true;
  for (const l of listeners) l();
}

/** Reloads the current user's entries from IndexedDB (after sign-in, another tab's changes). */
export async function refreshOutbox(): Promise<void> {
  publish(await readAll());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!loaded) void refreshOutbox();
  return () => listeners.delete(listener);
}

/** The signed-in user's entries, oldest first (pending and "À corriger"). */
export function useOutbox(): OutboxEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

export interface WriteSpec {
  kind: OutboxKind;
  url: string;
  body: unknown;
  droit?: string;
  label: string;
  bandeId?: number;
  bandeNom?: string;
  day?: string;
  invalidate: string[];
  parts?: OutboxPart[];
}

// The 409s that are answers, not lost races (decision 0230): a sale or a slaughter dated inside a
// withdrawal, a step already done or skipped (or neither, to reopen), a treatment already cancelled
// (functions/lib/errors.ts `BusinessConflict`, answered with `definitif: true`). Sent again they
// would be refused again for ever, the entry « en attente » with no word said; they become
// « À corriger » with the server's message. Every other 409 (a lost race, a replay still running)
// does ask to try again.
function finalConflict(err: unknown): boolean {
  return err instanceof ApiError && err.status === 409 && (err.body as { definitif?: unknown } | null)?.definitif === true;
}

/** Worth sending again later: retryable, and not a 409 the server will answer again however often it is sent. */
function sendAgainLater(err: unknown): boolean {
  return retryable(err) && !finalConflict(err);
}

/** 0 (no network), a timeout, a conflict, a rate limit or a server fault: try the same entry later. */
export function retryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.status === 0 || err.status === 408 || err.status === 409 || err.status === 429 || err.status >= 500;
}

function send<T>(entry: Pick<OutboxEntry, 'id' | 'url' | 'body' | 'droit'>): Promise<T> {
  return request<T>(entry.url, { method: 'POST', body: entry.body, droit: entry.droit, idempotencyKey: entry.id });
}

/**
 * A part's Idempotency-Key: the entry's id and the part's, so each part is its own write on the
 * server and a replay of one part answers its first answer. Within the server's accepted format
 * (functions/lib/idempotency.ts: [A-Za-z0-9_.:-], 16 to 128 characters).
 */
export const partKey = (entryId: string, partId: string) => `${entryId}.${partId}`;

/**
 * Sends a multi-part entry's parts not yet written, in order, and records each one written as soon
 * as the server accepts it (a crash or a lost connection between two parts resumes after the last
 * written). A refused part throws the server's error with the part named in its message.
 */
async function sendParts(entry: OutboxEntry): Promise<void> {
  const written = new Set(entry.written ?? []);
  for (const part of entry.parts ?? []) {
    if (written.has(part.id)) continue;
    try {
      await request(part.url, { method: 'POST', body: part.body, droit: entry.droit, idempotencyKey: partKey(entry.id, part.id) });
    } catch (err) {
      if (!(err instanceof ApiError) || sendAgainLater(err) || err.status === 401) throw err;
      // Refused for good: the entry will say which part, and that the parts before it stay written
      // (the server keeps them; sending them again is what the idempotency keys prevent).
      const ecrites = (entry.parts ?? []).filter((p) => written.has(p.id)).map((p) => p.nom);
      throw new ApiError(err.status, PARTS_MSG.refusee(part.nom, err.message, ecrites), err.body);
    }
    written.add(part.id);
    await change((all) => all.map((e) => (e.id === entry.id ? { ...e, written: [...written] } : e)));
  }
}

/** The body with `saisi_le`, the moment it was typed (a JSON object body only; the batch and shop writes all are). */
export function withTypingTime(body: unknown, at: string): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  return { ...(body as Record<string, unknown>), saisi_le: at };
}

let onWritten: (entry: OutboxEntry) => void = () => undefined;
/** The authenticated app reloads the written entry's lists (TanStack Query invalidation). */
export function setOnWritten(fn: (entry: OutboxEntry) => void): void {
  onWritten = fn;
}

/**
 * Sends a write now when the device is online and nothing typed earlier still waits; otherwise
 * (or when the network fails on the way) keeps it in the outbox and answers Queued. A refusal
 * of the server while online is thrown as usual: the form shows it.
 */
export async function submitWrite<T>(spec: WriteSpec): Promise<T | Queued> {
  const owner = ownerOf();
  const createdAt = new Date().toISOString();
  const entry: OutboxEntry = {
    ...spec,
    body: withTypingTime(spec.body, createdAt),
    parts: spec.parts?.map((p) => ({ ...p, body: withTypingTime(p.body, createdAt) })),
    id: newIdempotencyKey(),
    owner: owner ?? '?',
    createdAt,
    state: 'pending',
    attempts: 0,
  };
  // No signed-in user or no IndexedDB (a private window of an old browser): a plain request.
  if (!owner || !store) {
    if (!entry.parts) return send<T>(entry);
    // Without a device store there is nowhere to remember the parts written: sent at once, in order.
    await sendParts({ ...entry, parts: entry.parts });
    return { queued: true, entry } as Queued;
  }
  if (!loaded) await refreshOutbox();
  // A multi-part entry always goes through the queue, even online: what has been written of it must
  // be remembered on the device before its first part leaves, so a refusal or a lost answer halfway
  // never sends a written part again (decision 0240).
  if (entry.parts) {
    await change((all) => [...all, entry]);
    await flushOutbox();
    return { queued: true, entry };
  }
  const waiting = snapshot.some((e) => e.state === 'pending');
  if (!waiting && navigator.onLine !== false) {
    try {
      return await send<T>(entry);
    } catch (err) {
      if (!sendAgainLater(err)) throw err;
    }
  }
  await change((all) => [...all, entry]);
  void flushOutbox();
  return { queued: true, entry };
}

let flushing: Promise<void> | null = null;

/** Sends the user's pending entries in order; stops at the first one the network cannot carry. */
export function flushOutbox(): Promise<void> {
  if (flushing) return flushing;
  flushing = (async () => {
    try {
      await refreshOutbox();
      for (;;) {
        if (navigator.onLine === false) return;
        const entry = snapshot.find((e) => e.state === 'pending');
        if (!entry) return;
        try {
          if (entry.parts) await sendParts(entry);
          else await send(entry);
          await change((all) => all.filter((e) => e.id !== entry.id));
          onWritten(entry);
        } catch (err) {
          if (sendAgainLater(err) || (err instanceof ApiError && err.status === 401) || !(err instanceof ApiError)) {
            await change((all) => all.map((e) => (e.id === entry.id ? { ...e, attempts: e.attempts + 1 } : e)));
            return;
          }
          await change((all) => all.map((e) => (e.id === entry.id ? { ...e, state: 'failed', error: err.message, attempts: e.attempts + 1 } : e)));
          onWritten(entry);
        }
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/**
 * The day an entry counts on, for the lists: the one it carries, else the day its body holds (an
 * entry queued before `day` was kept), else the day it was typed (a shop sale or a repayment,
 * which the server dates on arrival by `saisi_le`; the app's days are UTC, shared/dates.ts).
 */
export function entryDay(e: Pick<OutboxEntry, 'day' | 'body' | 'createdAt'>): string {
  const b = (e.body ?? {}) as { date?: unknown; date_collecte?: unknown; pesage?: { date_prise?: unknown } };
  const inBody = [b.date, b.date_collecte, b.pesage?.date_prise].find((d) => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}/.test(d));
  return (e.day ?? (inBody as string | undefined) ?? e.createdAt).slice(0, 10);
}

/**
 * « Bande Pondeuses mars » for an entry of a batch (null for the shop's); an entry queued before
 * the name was kept names its batch by number. A batch already named « Bande … » is not named twice.
 */
export function entryBatch(e: Pick<OutboxEntry, 'bandeId' | 'bandeNom'>): string | null {
  if (e.bandeId === undefined) return null;
  const nom = e.bandeNom?.trim();
  if (!nom) return `Bande n° ${e.bandeId}`;
  return /^bande\b/i.test(nom) ? nom : `Bande ${nom}`;
}

/** What the lists call an entry: its label, and for a multi-part entry the parts already written. */
export function entryLabel(e: Pick<OutboxEntry, 'label' | 'parts' | 'written'>): string {
  const ecrites = (e.parts ?? []).filter((p) => e.written?.includes(p.id)).map((p) => p.nom);
  return ecrites.length ? PARTS_MSG.labelEcrites(e.label, ecrites) : e.label;
}

/**
 * A refused entry corrected in its dialog: the corrected one is a new write, sent (or queued) with
 * its own idempotency key — its bytes differ, and the server would refuse a key replayed with
 * another body (functions/lib/idempotency.ts) — and the refused one leaves the list once the
 * corrected one is written or kept on the device. Never both: the refused one wrote nothing.
 */
export async function replaceRefused(id: string): Promise<void> {
  await change((all) => all.filter((e) => !(e.id === id && e.state === 'failed')));
}

/** "À corriger" → sent again as it is (its refusal wrote nothing, so the same key is fine). */
export async function retryEntry(id: string): Promise<void> {
  await change((all) => all.map((e) => (e.id === id ? { ...e, state: 'pending', error: undefined } : e)));
  void flushOutbox();
}

/** Gives an entry up (it is never sent). */
export async function discardEntry(id: string): Promise<void> {
  await change((all) => all.filter((e) => e.id !== id));
}

/** The success message of a form: its own, or the outbox's when the entry waits on the device. */
export function savedMessage(result: unknown, message: string): string {
  return isQueued(result) ? SYNC_MSG.queued : message;
}
