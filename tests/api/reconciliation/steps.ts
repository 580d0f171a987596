// The fast-check commands of the reconciliation harness: one write (Step), the same or different
// writes sent at once (Together: Promise.all, the outcome must be that of SOME serial order, or of
// one write when they share an Idempotency-Key), and an offline replay of a key already answered
// (Replay). Each command ends by comparing every figure (observe.ts).
import fc from 'fast-check';
import type { Res } from '../../helpers/api';
import { alimentWriteArb, oeufsWriteArb, Mismatch, tourneeArb, tourneeNeeds, tourneeSpecs, writeArb, type Prepared, type Spec, type Tournee } from './commands';
import { cloneModel, todayUtc, type Model } from './model';
import { compare, read, verify } from './observe';
import { MSG, type Expect } from './rules';
import type { Real } from './real';
import { INJECT } from './inject';
import { ROUTES } from '@shared/api/routes';

/** Figures of the run, for the closing line and the issue's note. */
export const stats = {
  sequences: 0,
  steps: 0,
  writes: 0,
  refused: 0,
  concurrent: 0,
  replays: 0,
  /** Daily rounds: a batch's day typed in one walk. */
  tournees: 0,
  /** Sales and slaughters refused inside a withdrawal period (409). */
  attentes: 0,
  setupMs: 0,
  writeMs: 0,
  verifyMs: 0,
  kinds: {} as Record<string, [number, number]>,
};

/** RECON_TRACE=1 prints every write and its answer (reading a replayed failure step by step). */
const TRACE = process.env.RECON_TRACE === '1';
function trace(label: string, res: Res): void {
  if (TRACE) console.log(`  ${res.status === 200 ? '✓' : '✗'} ${label} → ${res.status}${res.status === 200 ? '' : ` « ${msgOf(res)} »`}`);
}

/** A refusal inside a withdrawal period: counted for the closing line. */
function countAttente(res: Res): void {
  if (res.status === 409 && String(res.body?.message ?? '').startsWith("Délai d'attente")) stats.attentes++;
}

/** Accepted / refused answers per kind of write (how well a run covered the menu). */
function count(kind: string, accepted: boolean): void {
  const k = (stats.kinds[kind] ??= [0, 0]);
  k[accepted ? 0 : 1]++;
  if (!accepted) stats.refused++;
}

/** The commands the current sequence has run (fast-check's counterexample object is a copy that never ran). */
export const runLog: string[] = [];

/** RECON_INJECT: the models already given their known wrong figure (once per sequence). */
const injected = new WeakSet<Model>();

/** Steps stop being run once the time budget is spent (a run then ends where it is). */
export const budget = { deadline: Infinity };

/** A public order's exact body: the buyer names the business whose storefront they are on. */
const publicRaw = (r: Real, p: Prepared) => JSON.stringify({ ...(p.body as object), id_entreprise: r.acc.tenantId });

async function send(r: Real, m: Model, p: Prepared): Promise<Res> {
  stats.writes++;
  const t0 = Date.now();
  try {
    if (p.public) return await r.publicPost(p.path, publicRaw(r, p), p.key);
    const raw = p.body === undefined ? undefined : JSON.stringify(p.body);
    return await r.send(p.method, p.path, undefined, { raw, headers: p.key ? { 'idempotency-key': p.key } : undefined });
  } finally {
    stats.writeMs += Date.now() - t0;
  }
}

async function check(m: Model, r: Real, probe: number, label: string): Promise<void> {
  const t0 = Date.now();
  try {
    await verify(m, r, probe, label);
  } finally {
    stats.verifyMs += Date.now() - t0;
  }
}

const msgOf = (res: Res) => (typeof res.body === 'object' && res.body ? (res.body.message ?? JSON.stringify(res.body)) : String(res.body));

/** Null when the answer agrees with what the model expected, else why not. */
export function verdict(e: Expect, res: Res): string | null {
  if (res.status >= 500) return `réponse ${res.status} (une 5xx est toujours un défaut): ${msgOf(res)}`;
  if ('either' in e) return res.status === 200 || [400, 404, 422].includes(res.status) ? null : `réponse ${res.status} inattendue (${e.why}): ${msgOf(res)}`;
  if (e.ok) return res.status === 200 ? null : `attendu 200, obtenu ${res.status} « ${msgOf(res)} »`;
  if (res.status === 200) return `attendu un refus ${e.status.join('/')} (${e.why}), obtenu 200 ${JSON.stringify(res.body).slice(0, 300)}`;
  if (!e.status.includes(res.status)) return `attendu ${e.status.join('/')} (${e.why}), obtenu ${res.status} « ${msgOf(res)} »`;
  // A message checked by a request schema comes after the field's name ("Requête invalide : « id_client » : …").
  const msg = String(res.body?.message ?? '');
  if (e.messages && !e.messages.some((x) => msg === x || msg.endsWith(` : ${x}`)))
    return `refus (${e.why}) : message attendu ${JSON.stringify(e.messages)}, obtenu ${JSON.stringify(res.body?.message)}`;
  return null;
}

function record(m: Model, r: Real, p: Prepared, res: Res): void {
  if (p.key && res.status === 200)
    m.sent.push({
      key: p.key,
      method: p.method,
      path: p.path,
      raw: p.public ? publicRaw(r, p) : p.body === undefined ? undefined : JSON.stringify(p.body),
      status: res.status,
      body: res.body,
      label: p.label,
      ...(p.public ? { public: true as const } : {}),
    });
}

const live = () => Date.now() < budget.deadline;

/** The rows that honour an Idempotency-Key (the outbox's and the slaughter form's), from the route table. */
const IDEMPOTENT = new Set(ROUTES.filter((r) => r.idempotent).map((r) => r.path));

export class Step implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly spec: Spec,
    readonly probe: number,
  ) {}
  check(m: Readonly<Model>): boolean {
    return live() && this.spec.needs(m as Model);
  }
  async run(m: Model, r: Real): Promise<void> {
    stats.steps++;
    runLog.push(this.toString());
    m.today = todayUtc();
    const p = this.spec.prepare(m);
    const e = p.decide(m);
    const res = await send(r, m, p);
    trace(p.label, res);
    countAttente(res);
    const v = verdict(e, res);
    if (v) throw new Mismatch(`${p.label}: ${v}`);
    if (res.status === 200) {
      p.apply(m, res);
      record(m, r, p, res);
    }
    count(this.spec.kind, res.status === 200);
    // A known wrong figure (RECON_INJECT, reconciliation/inject.ts): the comparison below must catch it.
    if (INJECT && !injected.has(m) && INJECT.applies(m)) {
      INJECT.corrupt(m);
      injected.add(m);
    }
    await check(m, r, this.probe, p.label);
  }
  toString(): string {
    return String(this.spec);
  }
}

function permutations(n: number): number[][] {
  if (n <= 1) return [[0]];
  const out: number[][] = [];
  for (const rest of permutations(n - 1)) for (let i = 0; i <= rest.length; i++) out.push([...rest.slice(0, i), n - 1, ...rest.slice(i)]);
  return out;
}

/**
 * What a write sent at once with others must answer in one serial order (`sim`): a batch deleted
 * earlier in that order (in `m`, not in `sim`) leaves a write naming it without the batch its
 * decision reads — the server answers 404 « Bande introuvable. » (decision 0215).
 */
function decideOn(m: Model, sim: Model, p: Prepared): Expect {
  try {
    return p.decide(sim);
  } catch (err) {
    if ([...m.bandes.keys()].some((id) => !sim.bandes.has(id))) return { ok: false, status: [404], messages: ['Bande introuvable.'], why: 'bande supprimée' };
    throw err;
  }
}

/** Writes sent at once. `same`: one write n times, sharing one Idempotency-Key or none. */
export class Together implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly specs: Spec[],
    readonly same: { n: number; sharedKey: boolean } | null,
    readonly probe: number,
  ) {}
  check(m: Readonly<Model>): boolean {
    return live() && this.specs.every((s) => s.needs(m as Model));
  }
  async run(m: Model, r: Real): Promise<void> {
    stats.steps++;
    stats.concurrent++;
    runLog.push(this.toString());
    m.today = todayUtc();
    let ps: Prepared[];
    if (this.same) {
      const p = this.specs[0].prepare(m);
      // One key for all (an outbox sending the same entry twice), or none (a user tapping twice).
      // Only the idempotent rows honour the key (functions/lib/idempotency.ts); elsewhere copies are separate writes.
      const key =
        this.same.sharedKey && IDEMPOTENT.has(p.path) ? (p.key ?? `recon-dup-${String(stats.steps).padStart(6, '0')}-${this.probe.toString(36)}`) : undefined;
      ps = Array.from({ length: this.same.n }, () => ({ ...p, key }));
    } else ps = this.specs.map((s) => s.prepare(m));
    const label = `ensemble [${ps.map((p) => p.label + (p.key ? ` (clé ${p.key})` : '')).join(' ‖ ')}]`;
    const results = await Promise.all(ps.map((p) => send(r, m, p)));
    results.forEach((res, i) => trace(`[ensemble] ${ps[i].label}`, res));
    results.forEach(countAttente);
    const outcome = results.map((x) => `${x.status}${x.status === 200 ? '' : ` « ${msgOf(x)} »`}`).join(' ‖ ');

    if (this.same?.sharedKey && ps[0].key) {
      // One write whatever the number of copies: the first answer for all, or "in progress" (409).
      const e = ps[0].decide(m);
      // "In progress" is the idempotency layer's 409; a refusal's own 409 (a withdrawal period,
      //) writes nothing, so records no key: every copy is refused alike, each a final answer.
      const firsts = results.filter((x) => x.status !== 409 || x.body?.message !== MSG.inProgress);
      const answers = new Set(firsts.map((x) => JSON.stringify([x.status, x.body])));
      if (answers.size > 1) throw new Mismatch(`${label}: une même clé doit donner une seule réponse, obtenu ${outcome}`);
      if (firsts.length === 0) throw new Mismatch(`${label}: aucune réponse définitive, obtenu ${outcome}`);
      const v = verdict(e, firsts[0]);
      if (v) throw new Mismatch(`${label}: ${v}`);
      if (firsts[0].status === 200) {
        ps[0].apply(m, firsts[0]);
        record(m, r, ps[0], firsts[0]);
      }
      count(this.specs[0].kind, firsts[0].status === 200);
    } else {
      const tries: string[] = [];
      const candidates: { order: number[]; model: Model }[] = [];
      for (const order of permutations(ps.length)) {
        const sim = cloneModel(m);
        let why: string | null = null;
        for (const i of order) {
          const res = results[i];
          // A lost optimistic lock wrote nothing: a fair answer to a race on the same record.
          if (res.status === 409 && ps[i].race409) continue;
          const v = verdict(decideOn(m, sim, ps[i]), res);
          if (v) {
            why = `${ps[i].label}: ${v}`;
            break;
          }
          if (res.status === 200) {
            try {
              ps[i].apply(sim, res, true);
            } catch (err) {
              why = `${ps[i].label}: ${(err as Error).message}`;
              break;
            }
          }
        }
        if (why === null) candidates.push({ order, model: sim });
        else tries.push(`ordre ${order.map((i) => i + 1).join('→')}: ${why}`);
      }
      if (!candidates.length) throw new Mismatch(`${label}: aucun ordre des écritures n'explique les réponses ${outcome}\n    ${tries.join('\n    ')}`);
      // Several orders may explain the answers (an inventory count and a restock at once): the
      // product must show the figures of one of them.
      const t0 = Date.now();
      const readings = await read(candidates[0].model, r, this.probe);
      stats.verifyMs += Date.now() - t0;
      const judged = candidates.map((c) => ({ ...c, diffs: compare(c.model, readings) }));
      const adopted = judged.find((c) => c.diffs.length === 0);
      results.forEach((res, i) => count((this.same ? this.specs[0] : this.specs[i]).kind, res.status === 200));
      if (!adopted) {
        const shown = judged.map((c) => `ordre ${c.order.map((i) => i + 1).join('→')} :\n  - ${c.diffs.join('\n  - ')}`).join('\n');
        throw new Mismatch(`après « ${label} » (réponses ${outcome}), aucun ordre des écritures ne donne les chiffres affichés :\n${shown}`);
      }
      Object.assign(m, adopted.model);
      results.forEach((res, i) => {
        if (res.status === 200) record(m, r, ps[i], res);
      });
      return;
    }
    await check(m, r, this.probe, label);
  }
  toString(): string {
    return this.same ? `ensemble(${this.same.n}× ${this.specs[0]}${this.same.sharedKey ? ', même clé' : ''})` : `ensemble(${this.specs.join(' ‖ ')})`;
  }
}

/** The outbox sending again a write already answered: the same answer, replayed, nothing written twice. */
export class Replay implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly probe: number,
  ) {}
  check(m: Readonly<Model>): boolean {
    return live() && m.sent.length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    stats.steps++;
    stats.replays++;
    runLog.push(this.toString());
    m.today = todayUtc();
    const s = m.sent[this.pick % m.sent.length];
    const res = s.public
      ? await r.publicPost(s.path, s.raw!, s.key)
      : await r.send(s.method, s.path, undefined, { raw: s.raw, headers: { 'idempotency-key': s.key } });
    const label = `rejeu (clé ${s.key}) de « ${s.label} »`;
    if (res.status !== s.status || JSON.stringify(res.body) !== JSON.stringify(s.body)) {
      throw new Mismatch(
        `${label}: attendu la première réponse ${s.status} ${JSON.stringify(s.body).slice(0, 300)}, obtenu ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`,
      );
    }
    if (res.headers.get('idempotent-replayed') !== 'true') throw new Mismatch(`${label}: en-tête Idempotent-Replayed absent`);
    await check(m, r, this.probe, label);
  }
  toString(): string {
    return `rejeu(${this.pick})`;
  }
}

/**
 * The daily round: one batch's day typed in one walk — a loss, the eggs of a layer
 * batch, the feed eaten from the store, the sheet — each part the harness's own write on the same
 * batch and day, sent in order, each decided and compared like any step (a part refused changes
 * nothing of the others, as the round's outbox does).
 */
export class TourneeCmd implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly t: Tournee,
    readonly probe: number,
  ) {}
  check(m: Readonly<Model>): boolean {
    return live() && tourneeNeeds(m as Model, this.t);
  }
  async run(m: Model, r: Real): Promise<void> {
    m.today = todayUtc();
    stats.tournees++;
    for (const s of tourneeSpecs(m, this.t)) await new Step(s, this.probe).run(m, r);
  }
  toString(): string {
    return `tournée(b${this.t.b},j-${this.t.jour})`;
  }
}

const probe = fc.nat();

/** Every command the harness draws: mostly single writes, some writes at once, some replays. */
export const commandArbs: fc.Arbitrary<fc.AsyncCommand<Model, Real>>[] = [
  fc.tuple(writeArb, probe).map(([s, p]) => new Step(s, p)),
  fc.tuple(writeArb, probe).map(([s, p]) => new Step(s, p)),
  fc.tuple(writeArb, probe).map(([s, p]) => new Step(s, p)),
  fc.tuple(writeArb, probe).map(([s, p]) => new Step(s, p)),
  fc.tuple(writeArb, probe).map(([s, p]) => new Step(s, p)),
  fc.tuple(writeArb, probe).map(([s, p]) => new Step(s, p)),
  fc.tuple(fc.array(writeArb, { minLength: 2, maxLength: 3 }), probe).map(([s, p]) => new Together(s, null, p)),
  fc.tuple(writeArb, fc.integer({ min: 2, max: 3 }), fc.boolean(), probe).map(([s, n, sharedKey, p]) => new Together([s], { n, sharedKey }, p)),
  fc.tuple(fc.nat(), probe).map(([i, p]) => new Replay(i, p)),
  // The feed store's writes at once: consumptions, backdated ones and cancels racing on one ledger.
  fc.tuple(fc.array(alimentWriteArb, { minLength: 2, maxLength: 3 }), probe).map(([s, p]) => new Together(s, null, p)),
  fc.tuple(tourneeArb, probe).map(([t, p]) => new TourneeCmd(t, p)),
  // The egg stock's writes at once: exits, moves, cancels and shop sales racing on one batch and one product.
  fc.tuple(fc.array(oeufsWriteArb, { minLength: 2, maxLength: 3 }), probe).map(([s, p]) => new Together(s, null, p)),
];
