// The writes of the reconciliation harness. Each generated command carries only abstract choices
// (which batch: a number taken modulo the batches that exist; how many birds; how far back a date
// goes), so fast-check can shrink a failing sequence to a few readable steps. At run time a
// command is PREPARED against the model (ids resolved, the exact request built), the model DECIDES
// what the server must answer (rules.ts), the request goes out, and on success the model APPLIES
// it — checking on the way every figure the answer itself carries (a line total, a date).
import fc from 'fast-check';
import type { Res } from '../../helpers/api';
import {
  activeBirds,
  addDays,
  attenteLe,
  brokenDay,
  cloneModel,
  commandeReste,
  commandeTotal,
  creance,
  daysBetween,
  depenseTotal,
  earliestEntry,
  entriesOf,
  MAX_POIDS_G,
  MAX_START_BACK,
  MAX_SUJETS,
  prixRemise,
  oeufsDe,
  sortis,
  todayUtc,
  vivants,
  type Calibres,
  type Day,
  type MBande,
  type MCommande,
  type MCommandeLigne,
  type MEtape,
  type MLigne,
  type Model,
  type TypeVente,
  G_PAR_UNITE,
  EAU_MAX_PAR_SUJET,
  vivantsLe,
  frKg,
  journalStock,
  premierJourEnManque,
  type MAchat,
  type MConso,
  manqueOeufsAjoute,
  type MAbattage,
  type MProduit,
  type MReappro,
} from './model';
import type { Calibre } from '@shared/formulas/oeufs';
import { MSG, OK, Reasons, type Expect } from './rules';

/** A write about to be sent, with what the model expects of it. */
export interface Prepared {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Sent without a token, from the public storefront. */
  public?: boolean;
  /** Idempotency-Key (outbox routes). */
  key?: string;
  /** A lost optimistic lock (409, nothing written) is a fair answer when this write races another. */
  race409?: boolean;
  decide(m: Model): Expect;
  /**
   * Applies an accepted answer to the model; throws a Mismatch when the answer contradicts it.
   * `concurrent`: other writes were sent at once, so state the answer reads back after its own
   * write (a client's debt) may already include theirs.
   */
  apply(m: Model, res: Res, concurrent?: boolean): void;
}

/** A generated write, before it sees the model. */
export interface Spec {
  readonly kind: string;
  needs(m: Model): boolean;
  prepare(m: Model): Prepared;
  toString(): string;
}

export class Mismatch extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Mismatch';
  }
}

const fail = (what: string, expected: unknown, got: unknown): never => {
  throw new Mismatch(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
};

// ── choices ──

const pick = <T>(xs: readonly T[], n: number): T | undefined => (xs.length ? xs[n % xs.length] : undefined);
/**
 * Mostly a target the write can succeed on (an active batch, a pending order, a client who owes),
 * one time in five any of them, so refusals stay frequent without drowning the accepted writes.
 * n = 0 (where shrinking goes) picks from all.
 */
function prefer<T>(xs: readonly T[], good: (x: T) => boolean, n: number): T | undefined {
  const ok = xs.filter(good);
  return n % 5 !== 0 && ok.length ? ok[n % ok.length] : pick(xs, n);
}
const active = (b: MBande) => b.statut === 'ACTIVE' && !b.archived;
/** A command naming a target runs when there is one it can succeed on, or one time in five anyway (prefer's rule). */
const canPrefer = <T>(xs: readonly T[], good: (x: T) => boolean, n: number): boolean => xs.length > 0 && (n % 5 === 0 || xs.some(good));
const bandes = (m: Model) => [...m.bandes.values()];

/** How a write dates itself: no date (the day it is typed), a day back from today (kept ≥ the batch start), or an impossible day. */
export type DateChoice = { k: 'none' } | { k: 'back'; n: number } | { k: 'future'; n: number } | { k: 'beforeStart'; n: number };
const dateArb = (withNone = true): fc.Arbitrary<DateChoice> =>
  fc.oneof(
    ...(withNone ? [{ weight: 4, arbitrary: fc.constant<DateChoice>({ k: 'none' }) }] : []),
    { weight: 6, arbitrary: fc.nat({ max: 400 }).map((n): DateChoice => ({ k: 'back', n })) },
    { weight: 1, arbitrary: fc.nat({ max: 3 }).map((n): DateChoice => ({ k: 'future', n })) },
    { weight: 1, arbitrary: fc.nat({ max: 4 }).map((n): DateChoice => ({ k: 'beforeStart', n })) },
  );
const showDate = (d: DateChoice) => (d.k === 'none' ? '' : d.k === 'back' ? `,j-${d.n}` : d.k === 'future' ? `,futur+${d.n}` : `,avant-début-${d.n}`);

/** A day past today that is still past it when the server reads its clock (never "tomorrow" a minute before midnight). */
function futureDay(today: Day, n: number): Day {
  const msToMidnight = Date.parse(`${addDays(today, 1)}T00:00:00Z`) - Date.now();
  return addDays(today, 1 + n + (msToMidnight < 120_000 ? 1 : 0));
}

/** The day a choice names for a batch (null: no date sent). */
function dayFor(d: DateChoice, b: MBande, today: Day): Day | null {
  switch (d.k) {
    case 'none':
      return null;
    case 'back': {
      const span = Math.max(0, daysBetween(b.start, today));
      return addDays(today, -(d.n % (span + 1)));
    }
    case 'future':
      return futureDay(today, d.n);
    case 'beforeStart':
      return addDays(b.start, -1 - d.n);
  }
}

/** The day checks of a batch entry (contract item 2), on the reasons. */
function checkDay(r: Reasons, b: MBande, day: Day, today: Day): void {
  if (day > today) r.add('date future', 400, MSG.dateFuture);
  else if (day < b.start) r.add('date avant le démarrage', 400, MSG.dateBeforeStart(b.start));
}

/** Offline typing time (`saisi_le`): offsets from now; the server keeps it within [now − 31 days, now + 5 min]. */
const SAISI_OFFSETS_MS = [-40 * 86_400_000, -20 * 86_400_000, -3 * 86_400_000, -26 * 3_600_000, -2 * 3_600_000, 2 * 60_000, 3_600_000];
const saisiArb = fc.option(fc.nat({ max: SAISI_OFFSETS_MS.length - 1 }), { freq: 3 });
interface Saisi {
  iso: string;
  /** The day the entry is stamped with: the typing day when the server keeps it, else today. */
  day: Day;
  kept: boolean;
}
function saisiFor(i: number | null, today: Day): Saisi | null {
  if (i === null) return null;
  const off = SAISI_OFFSETS_MS[i];
  const iso = new Date(Date.now() + off).toISOString();
  const kept = off >= -31 * 86_400_000 && off <= 5 * 60_000;
  return { iso, day: kept ? iso.slice(0, 10) : today, kept };
}

/**
 * The day an entry counts on, read from the answer, checked against the model. For an undated entry
 * (`sentToday`: the model's today when it was sent) a run that crosses midnight UTC has two true
 * days: the server's today may already be the next one, and a typing day ahead of the server's
 * today (a phone's clock a few minutes fast) is brought back to it on a batch. Away from midnight
 * both are `expected`: nothing is loosened.
 */
function answerDay(what: string, body: any, expected: Day, s: Saisi | null, sentToday?: Day): Day {
  const got = typeof body?.date === 'string' ? body.date.slice(0, 10) : String(body?.created_at ?? '').slice(0, 10);
  const acrossMidnight = sentToday === undefined ? [] : [sentToday, todayUtc()].flatMap((t) => (s?.kept ? [s.day < t ? s.day : t] : [t]));
  if (got !== expected && !acrossMidnight.includes(got)) fail(`${what}: jour de l'écriture`, expected, got);
  if (s?.kept && body?.created_at !== undefined && body.created_at !== s.iso) fail(`${what}: created_at = saisi_le`, s.iso, body.created_at);
  return got;
}

let keyCounter = 0;
/** Idempotency-Key of an outbox write: unique in the run, 16+ characters of [A-Za-z0-9_.:-]. */
function keyOf(withKey: boolean, nonce: number): string | undefined {
  return withKey ? `recon-${String(++keyCounter).padStart(6, '0')}-${nonce.toString(36).padStart(6, '0')}` : undefined;
}
const keyArb = fc.record({ withKey: fc.boolean(), nonce: fc.nat() });

function spec(kind: string, show: string, needs: (m: Model) => boolean, prepare: (m: Model) => Prepared): Spec {
  return { kind, needs, prepare, toString: () => `${kind}(${show})` };
}

/**
 * A sale or slaughter of `food` dated `day` inside a withdrawal of the batch (decision 0227): a 409
 * naming the withdrawal's last day.
 */
function attenteCheck(r: Reasons, m: Model, b: MBande, day: Day, food: 'viande' | 'oeufs'): void {
  const fin = attenteLe(m, b.id, day, food);
  if (fin) r.add(`délai d'attente ${food} jusqu'au ${fin}`, 409, food === 'viande' ? MSG.attenteViande(fin) : MSG.attenteOeufs(fin));
}

/** The batch a command names; the check that it is still active comes first on every write. */
function activeCheck(r: Reasons, b: MBande): void {
  if (b.statut !== 'ACTIVE') r.add('bande clôturée', 400, MSG.closed);
  else if (b.archived) r.add('bande archivée', 400, MSG.bandeArchivee);
}

/**
 * A write that moves a layer batch's egg stock (decision 0243): refused (409) when, with
 * it (`mutate` applied to a copy of the model), some day's shortage grows — the day's figures in the
 * message, said of an exit or of a collection taken away.
 */
function oeufsCheck(r: Reasons, m: Model, b: number, mutate: (after: Model) => void, said: 'sortie' | 'collecte' = 'sortie'): void {
  if (m.bandes.get(b)?.type !== 'pondeuse') return;
  const after = cloneModel(m);
  mutate(after);
  const x = manqueOeufsAjoute(m, after, b);
  if (x)
    r.add(
      `œufs${x.calibre ? ` de calibre ${x.calibre}` : ''} insuffisants le ${x.day} : ${x.disponible} pour ${x.demande}`,
      409,
      (said === 'sortie' ? MSG.stockOeufs : MSG.collecteNecessaire)(x.day, x.calibre, x.disponible, x.demande),
    );
}

/** A size named by an egg exit, or none (the smallest size first). */
const calibreArb = fc.constantFrom<Calibre | null>(null, null, null, 's', 'm', 'l', 'xl');

// ── batches ──

const bandeCreate = fc
  .record({
    type: fc.constantFrom('chair', 'pondeuse') as fc.Arbitrary<'chair' | 'pondeuse'>,
    nb: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 20, max: 300 }) }, { weight: 1, arbitrary: fc.integer({ min: 301, max: 1000 }) }),
    start: fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 0, max: 90 }).map((n) => ({ k: 'back' as const, n })) },
      { weight: 2, arbitrary: fc.integer({ min: 0, max: MAX_START_BACK }).map((n) => ({ k: 'back' as const, n })) },
      { weight: 1, arbitrary: fc.nat({ max: 3 }).map((n) => ({ k: 'future' as const, n })) },
      { weight: 1, arbitrary: fc.nat({ max: 400 }).map((n) => ({ k: 'old' as const, n })) },
    ),
  })
  .map((p) =>
    spec(
      'bandeCreate',
      `${p.type},${p.nb},${p.start.k}${p.start.n}`,
      (m) => m.bandes.size < 6,
      (m) => {
        const start =
          p.start.k === 'back'
            ? addDays(m.today, -p.start.n)
            : p.start.k === 'future'
              ? futureDay(m.today, p.start.n)
              : addDays(m.today, -MAX_START_BACK - 1 - p.start.n);
        const nom = `Bande ${++m.seq}`;
        return {
          label: `bandeCreate ${nom} ${p.type} ${p.nb} ${start}`,
          method: 'POST',
          path: '/api/bande/create',
          body: { nom, nb_sujet: p.nb, date_demarage: start, type: p.type, id_bande: -1 },
          decide: (mm) => {
            const r = new Reasons();
            if (start > mm.today) r.add('démarrage futur', 400, MSG.startFuture);
            if (start < addDays(mm.today, -MAX_START_BACK)) r.add('démarrage > 3 ans', 400, MSG.startTooOld);
            if (activeBirds(mm) + p.nb > MAX_SUJETS) r.add('quota de sujets', 422);
            return r.expect();
          },
          apply: (mm, res) => {
            mm.bandes.set(res.body.id, { id: res.body.id, nom, type: p.type, nb_sujet: p.nb, start, statut: 'ACTIVE', closedDay: null, archived: false });
          },
        };
      },
    ),
  );

const bandeEdit = fc
  .record({ b: fc.nat(), delta: fc.integer({ min: -80, max: 80 }), shift: fc.oneof(fc.constant(0), fc.integer({ min: -20, max: 20 })) })
  .map((p) =>
    spec(
      'bandeEdit',
      `b${p.b},${p.delta >= 0 ? '+' : ''}${p.delta},${p.shift}j`,
      (m) => m.bandes.size > 0,
      (m) => {
        const b = prefer(bandes(m), active, p.b)!;
        const nb = Math.max(1, b.nb_sujet + p.delta);
        const start = addDays(b.start, p.shift);
        return {
          label: `bandeEdit #${b.id} nb ${b.nb_sujet}→${nb} début ${b.start}→${start}`,
          method: 'POST',
          path: '/api/bande/create',
          body: { nom: b.nom, nb_sujet: nb, date_demarage: start, type: b.type, id_bande: b.id },
          race409: true,
          decide: (mm) => {
            const bb = mm.bandes.get(b.id)!;
            const r = new Reasons();
            activeCheck(r, bb);
            if (start > mm.today) r.add('démarrage futur', 400, MSG.startFuture);
            if (start < addDays(mm.today, -MAX_START_BACK)) r.add('démarrage > 3 ans', 400, MSG.startTooOld);
            const first = earliestEntry(mm, b.id);
            if (first !== null && first < start) r.add(`démarrage après la première écriture (${first})`);
            else if ((earliestEntry(mm, b.id, true) ?? start) < start) r.either('démarrage après une écriture annulée');
            const gone = sortis(mm, bb);
            if (nb < gone)
              r.add(
                `moins de sujets que les ${gone} sortis`,
                400,
                `Le nombre de sujets ne peut pas être inférieur aux ${gone} sujets déjà sortis de la bande (morts, abattus ou vendus).`,
              );
            if (bb.statut === 'ACTIVE' && nb > bb.nb_sujet && activeBirds(mm) - bb.nb_sujet + nb > MAX_SUJETS) r.add('quota de sujets', 422);
            if (!r.refused) {
              const after = cloneModel(mm);
              after.bandes.get(b.id)!.nb_sujet = nb;
              after.bandes.get(b.id)!.start = start;
              if (brokenDay(after, after.bandes.get(b.id)!)) r.either('le nouvel effectif rendrait une collecte ou un pesage impossible');
            }
            return r.expect();
          },
          apply: (mm) => {
            const bb = mm.bandes.get(b.id)!;
            bb.nb_sujet = nb;
            bb.start = start;
          },
        };
      },
    ),
  );

const bandeClose = fc.record({ b: fc.nat() }).map((p) =>
  spec(
    'bandeClose',
    `b${p.b}`,
    (m) => [...m.bandes.values()].filter((b) => b.statut === 'ACTIVE').length >= 2,
    (m) => {
      const b = prefer(bandes(m), active, p.b)!;
      return {
        label: `bandeClose #${b.id}`,
        method: 'POST',
        path: '/api/bande/cloturer',
        body: { id_bande: b.id },
        // Closing an archived active batch: restore it first (a closed one answers as closed).
        decide: (mm) => {
          const bb = mm.bandes.get(b.id)!;
          return bb.statut === 'ACTIVE' && bb.archived ? { ok: false, status: [400], messages: [MSG.bandeArchivee], why: 'bande archivée' } : OK;
        },
        apply: (mm) => {
          const bb = mm.bandes.get(b.id)!;
          if (bb.statut === 'ACTIVE') {
            bb.statut = 'CLOTUREE';
            bb.closedDay = mm.today;
          }
        },
      };
    },
  ),
);

/** Archive (or restore) a batch: out of the lists and the production figures, no entry, its birds out of the plan while archived (decision 0215). */
const bandeArchive = fc.record({ b: fc.nat(), archive: fc.boolean() }).map((p) =>
  spec(
    'bandeArchive',
    `b${p.b},${p.archive ? 'archiver' : 'restaurer'}`,
    (m) => m.bandes.size > 0,
    (m) => {
      const b = prefer(bandes(m), (x) => x.archived !== p.archive, p.b)!;
      return {
        label: `bandeArchive #${b.id} ${p.archive ? 'archiver' : 'restaurer'}`,
        method: 'POST',
        path: '/api/bande/archiver',
        body: { id: b.id, archive: p.archive },
        decide: (mm) => {
          const bb = mm.bandes.get(b.id)!;
          // Restoring an active batch counts its birds again, within the plan.
          if (!p.archive && bb.archived && bb.statut === 'ACTIVE' && activeBirds(mm) + bb.nb_sujet > MAX_SUJETS)
            return { ok: false, status: [422], why: 'quota de sujets' };
          return OK;
        },
        apply: (mm, res) => {
          mm.bandes.get(b.id)!.archived = p.archive;
          if ((res.body?.archive === true) !== p.archive) fail(`bandeArchive #${b.id}: archive`, p.archive, res.body?.archive);
        },
      };
    },
  ),
);

/** Delete a batch: only one with no entry (cancelled ones count); its birds leave the plan (decision 0215). */
const bandeDelete = fc.record({ b: fc.nat() }).map((p) =>
  spec(
    'bandeDelete',
    `b${p.b}`,
    (m) => m.bandes.size > 0,
    (m) => {
      const b = prefer(bandes(m), (x) => entriesOf(m, x.id) === 0, p.b)!;
      return {
        label: `bandeDelete #${b.id} (${entriesOf(m, b.id)} écritures)`,
        method: 'POST',
        path: '/api/bande/supprimer',
        body: { id_bande: b.id },
        decide: (mm) => {
          // Deleted meanwhile (the same delete sent twice at once): no such batch any more.
          if (!mm.bandes.has(b.id)) return { ok: false, status: [404], messages: ['Bande introuvable.'], why: 'bande supprimée' };
          const n = entriesOf(mm, b.id);
          return n > 0 ? { ok: false, status: [400], why: `${n} écritures` } : OK;
        },
        apply: (mm) => {
          mm.bandes.delete(b.id);
          // A calendar with only pending steps leaves with its batch (decision 0225).
          for (const e of [...mm.etapes.values()]) if (e.bande === b.id) mm.etapes.delete(e.id);
        },
      };
    },
  ),
);

/** A dated batch entry's day: the date sent, else the typing day (saisi_le kept) or today. */
function entryDay(r: Reasons, b: MBande, date: Day | null, s: Saisi | null, today: Day): Day {
  if (date !== null) {
    checkDay(r, b, date, today);
    return date;
  }
  const day = s?.day ?? today;
  // An undated entry typed offline before the batch started (or across midnight): the contract leaves it open.
  if (day < b.start || day > today) r.either(`écriture non datée du ${day} hors de la bande`);
  return day;
}

const depenseCreate = fc
  .record({
    b: fc.nat(),
    type: fc.integer({ min: 1, max: 8 }),
    prix: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 100, max: 60_000 })),
    qm: fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 1, max: 60 }).map((n) => n * 1000) },
      { weight: 2, arbitrary: fc.integer({ min: 100, max: 80_000 }) },
    ),
    date: dateArb(),
    saisi: saisiArb,
    key: keyArb,
  })
  .map((p) =>
    spec(
      'depense',
      `b${p.b},t${p.type},${p.prix}×${p.qm / 1000}${showDate(p.date)}${p.saisi !== null ? `,saisi${p.saisi}` : ''}${p.key.withKey ? ',clé' : ''}`,
      (m) => m.bandes.size > 0,
      (m) => {
        const b = prefer(bandes(m), active, p.b)!;
        const date = dayFor(p.date, b, m.today);
        const s = saisiFor(p.saisi, m.today);
        const total = depenseTotal(p.prix, p.qm);
        let day: Day = m.today;
        return {
          label: `depense #${b.id} ${p.prix}×${p.qm / 1000}=${total} ${date ?? 'sans date'}${s ? ` saisi ${s.iso}` : ''}`,
          method: 'POST',
          path: '/api/bande/depense',
          body: {
            depense: { id_type_depense: p.type, designation: `Dépense ${p.type}`, prix_unitaire: p.prix, quantite: p.qm / 1000 },
            id_bande: b.id,
            ...(date !== null ? { date } : {}),
            ...(s ? { saisi_le: s.iso } : {}),
          },
          key: keyOf(p.key.withKey, p.key.nonce),
          decide: (mm) => {
            const r = new Reasons();
            activeCheck(r, mm.bandes.get(b.id)!);
            day = entryDay(r, b, date, s, mm.today);
            return r.expect();
          },
          apply: (mm, res) => {
            if (res.body.prix_total !== total) fail(`dépense ${p.prix} × ${p.qm / 1000}: prix_total`, total, res.body.prix_total);
            const d = answerDay('dépense', res.body, day, date === null ? s : null, date === null ? mm.today : undefined);
            mm.depenses.set(res.body.id, {
              id: res.body.id,
              bande: b.id,
              id_type: p.type,
              designation: `Dépense ${p.type}`,
              prix: p.prix,
              qm: p.qm,
              total,
              day: d,
              deleted: false,
            });
          },
        };
      },
    ),
  );

const depenseEdit = fc
  .record({
    e: fc.nat(),
    prix: fc.integer({ min: 100, max: 60_000 }),
    qm: fc.integer({ min: 100, max: 30_000 }),
    date: fc.oneof(fc.constant(null), dateArb(false)),
  })
  .map((p) =>
    spec(
      'depenseEdit',
      `e${p.e},${p.prix}×${p.qm / 1000}${p.date ? showDate(p.date) : ''}`,
      (m) => m.depenses.size > 0,
      (m) => {
        const d = prefer([...m.depenses.values()], (x) => !x.deleted, p.e)!;
        const b = m.bandes.get(d.bande)!;
        const date = p.date ? dayFor(p.date, b, m.today)! : d.day;
        const total = depenseTotal(p.prix, p.qm);
        return {
          label: `depenseEdit #${d.id} ${p.prix}×${p.qm / 1000}=${total} ${date}`,
          method: 'POST',
          path: '/api/bande/depense',
          body: {
            depense: { id: d.id, id_type_depense: d.id_type, designation: d.designation, prix_unitaire: p.prix, quantite: p.qm / 1000 },
            id_bande: d.bande,
            date,
          },
          race409: true,
          decide: (mm) => {
            const r = new Reasons();
            if (mm.depenses.get(d.id)!.deleted) return { ok: false, status: [400, 404], why: 'dépense annulée' };
            activeCheck(r, mm.bandes.get(d.bande)!);
            if (d.traitement || d.etape) r.add("dépense d'un soin", 400, MSG.depenseSante);
            checkDay(r, b, date, mm.today);
            return r.expect();
          },
          apply: (mm, res) => {
            if (res.body.prix_total !== total) fail(`dépense modifiée ${p.prix} × ${p.qm / 1000}: prix_total`, total, res.body.prix_total);
            answerDay('dépense modifiée', res.body, date, null);
            Object.assign(mm.depenses.get(d.id)!, { prix: p.prix, qm: p.qm, total, day: date });
          },
        };
      },
    ),
  );

const depenseCancel = fc.record({ e: fc.nat() }).map((p) =>
  spec(
    'depenseCancel',
    `e${p.e}`,
    (m) => canPrefer([...m.depenses.values()], (x) => !x.deleted, p.e),
    (m) => {
      const d = prefer([...m.depenses.values()], (x) => !x.deleted, p.e)!;
      return {
        label: `depenseCancel #${d.id}`,
        method: 'GET',
        path: `/api/bande/depense/delete/${d.id}`,
        decide: (mm) => {
          const r = new Reasons();
          if (mm.depenses.get(d.id)!.deleted) r.add('déjà annulée', 400, MSG.alreadyCancelled);
          else if (d.traitement || d.etape) r.add("dépense d'un soin", 400, MSG.depenseSante);
          activeCheck(r, mm.bandes.get(d.bande)!);
          return r.expect();
        },
        apply: (mm) => {
          mm.depenses.get(d.id)!.deleted = true;
        },
      };
    },
  ),
);

/** Birds leaving a batch (a loss, a broiler sale, a slaughter): never more than alive, never making a dated collection or weighing impossible. */
function birdsCheck(r: Reasons, m: Model, b: MBande, extra: number, mutate: (after: Model) => void): void {
  const alive = vivants(m, b);
  if (extra > alive) {
    r.add(`${extra} sujets de plus, ${alive} vivants`);
    return;
  }
  const after = cloneModel(m);
  mutate(after);
  const broken = brokenDay(after, after.bandes.get(b.id)!);
  if (broken && !brokenDay(m, b)) r.add(`rendrait impossible la collecte ou le pesage du ${broken}`);
}

/** The unit a batch sale is sent with: none, or one of decision 0217's (a broiler batch is sent trays or eggs now and then: refused). */
type UniteB = 'oeuf' | 'plateau' | 'sujet' | null;
const uniteArb: fc.Arbitrary<UniteB> = fc.constantFrom<UniteB>(null, null, 'oeuf', 'plateau', 'plateau', 'sujet');

/** Why a sale of `qty` in `unite` on batch `b` is refused before any bird check: the unit, whole birds or whole eggs. */
function uniteCheck(r: Reasons, b: MBande, qty: number, unite: UniteB): void {
  if (b.type === 'chair') {
    if (unite === 'oeuf' || unite === 'plateau') r.add('œufs ou plateaux sur une bande de chair', 400, MSG.uniteChair);
    else if (!Number.isInteger(qty)) r.add('sujets entiers');
  } else if (unite === 'sujet') {
    if (!Number.isInteger(qty)) r.add('poules de réforme entières', 400, MSG.wholeHens);
  } else if (!Number.isInteger(oeufsDe(b, { id: null, bande: b.id, prix: 0, qty, unite, total: 0, day: '', deleted: false, shopLine: null })))
    r.add('œufs entiers', 400, MSG.wholeEggs);
}

/** A sale that takes birds out of its batch: a broiler sale, a layer batch's réforme hens. */
const takesBirds = (b: MBande, unite: UniteB) => b.type === 'chair' || unite === 'sujet';

const venteBCreate = fc
  .record({
    b: fc.nat(),
    prix: fc.integer({ min: 100, max: 6000 }),
    qty: fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 1, max: 40 }) },
      { weight: 1, arbitrary: fc.integer({ min: 41, max: 600 }) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 20 }).map((n) => n + 0.5) },
    ),
    unite: uniteArb,
    calibre: calibreArb,
    date: dateArb(),
    saisi: saisiArb,
    key: keyArb,
  })
  .map((p) =>
    spec(
      'venteBande',
      `b${p.b},${p.qty}×${p.prix}${p.unite ? ` ${p.unite}` : ''}${p.calibre ? ` ${p.calibre}` : ''}${showDate(p.date)}${p.saisi !== null ? `,saisi${p.saisi}` : ''}${p.key.withKey ? ',clé' : ''}`,
      (m) => m.bandes.size > 0,
      (m) => {
        const b = prefer(bandes(m), active, p.b)!;
        // A layer batch's eggs are whole eggs (half a tray now and then: 15 eggs); its réforme hens and
        // a broiler batch are asked for half a bird now and then.
        const qty = b.type === 'pondeuse' && p.unite !== 'sujet' && p.unite !== 'plateau' ? Math.ceil(p.qty) : p.qty;
        // A broiler sale is stored without a unit, whatever was sent (sujet or none).
        const stored: UniteB = b.type === 'chair' ? null : (p.unite ?? 'oeuf');
        const date = dayFor(p.date, b, m.today);
        const s = saisiFor(p.saisi, m.today);
        const total = Math.round(p.prix * qty);
        // A layer batch's eggs may name a size; hens and broilers never do.
        const calibre = b.type === 'pondeuse' && p.unite !== 'sujet' ? p.calibre : null;
        let day: Day = m.today;
        return {
          label: `venteBande #${b.id} (${b.type}) ${qty}×${p.prix} ${p.unite ?? 'sans unité'}${calibre ? ` calibre ${calibre}` : ''} ${date ?? 'sans date'}${s ? ` saisi ${s.iso}` : ''}`,
          method: 'POST',
          path: '/api/bande/vente',
          body: {
            prix_unitaire: p.prix,
            quantite: qty,
            ...(p.unite ? { unite: p.unite } : {}),
            ...(calibre ? { calibre } : {}),
            id_bande: b.id,
            id_vente: -1,
            ...(date !== null ? { date } : {}),
            ...(s ? { saisi_le: s.iso } : {}),
          },
          key: keyOf(p.key.withKey, p.key.nonce),
          decide: (mm) => {
            const bb = mm.bandes.get(b.id)!;
            const r = new Reasons();
            activeCheck(r, bb);
            day = entryDay(r, bb, date, s, mm.today);
            uniteCheck(r, bb, qty, p.unite);
            // Birds are meat, a layer batch's eggs are eggs: none sold inside a withdrawal.
            if (!r.refused) attenteCheck(r, mm, bb, day, takesBirds(bb, p.unite) ? 'viande' : 'oeufs');
            if (!r.refused && takesBirds(bb, p.unite))
              birdsCheck(r, mm, bb, qty, (a) =>
                a.ventesB.push({ id: -1, bande: b.id, prix: p.prix, qty, unite: stored, total, day, deleted: false, shopLine: null }),
              );
            // A layer batch's eggs leave its egg stock: never more than it held on the day.
            if (!r.refused && !takesBirds(bb, p.unite))
              oeufsCheck(r, mm, b.id, (a) =>
                a.ventesB.push({ id: -1, bande: b.id, prix: p.prix, qty, unite: stored, total, day, deleted: false, shopLine: null, calibre }),
              );
            return r.expect();
          },
          apply: (mm, res) => {
            if (res.body.prix_total !== total) fail('vente de bande: prix_total', total, res.body.prix_total);
            if ((res.body.unite ?? null) !== stored) fail('vente de bande: unité', stored, res.body.unite ?? null);
            const d = answerDay('vente de bande', res.body, day, date === null ? s : null, date === null ? mm.today : undefined);
            mm.ventesB.push({ id: res.body.id, bande: b.id, prix: p.prix, qty, unite: stored, total, day: d, deleted: false, shopLine: null, calibre });
          },
        };
      },
    ),
  );

const venteBEdit = fc.record({ e: fc.nat(), prix: fc.integer({ min: 100, max: 6000 }), qty: fc.integer({ min: 1, max: 60 }), unite: uniteArb }).map((p) =>
  spec(
    'venteBandeEdit',
    `e${p.e},${p.qty}×${p.prix}${p.unite ? ` ${p.unite}` : ''}`,
    (m) => m.ventesB.some((v) => v.id !== null),
    (m) => {
      const v = prefer(
        m.ventesB.filter((x) => x.id !== null),
        (x) => !x.deleted && x.shopLine === null,
        p.e,
      )!;
      const qty = p.qty;
      const total = Math.round(p.prix * qty);
      const b0 = m.bandes.get(v.bande)!;
      // Sent without a unit, an edit keeps the sale's.
      const stored: UniteB = b0.type === 'chair' ? null : (p.unite ?? v.unite ?? 'oeuf');
      return {
        label: `venteBandeEdit #${v.id} ${v.qty} ${v.unite ?? ''}→${qty}×${p.prix} ${p.unite ?? 'sans unité'}`,
        method: 'POST',
        path: '/api/bande/vente',
        // The sale's size sent again (an edit says what it keeps).
        body: {
          prix_unitaire: p.prix,
          quantite: qty,
          ...(p.unite ? { unite: p.unite } : {}),
          ...(v.calibre && stored !== 'sujet' ? { calibre: v.calibre } : {}),
          id_bande: v.bande,
          id_vente: v.id,
          date: v.day,
        },
        race409: true,
        decide: (mm) => {
          const vv = mm.ventesB.find((x) => x.id === v.id)!;
          const b = mm.bandes.get(v.bande)!;
          const r = new Reasons();
          // A cancelled or shop sale of a closed batch: either refusal is true, the server may name either.
          if (b.type === 'chair' && (p.unite === 'oeuf' || p.unite === 'plateau')) r.add('œufs ou plateaux sur une bande de chair', 400, MSG.uniteChair);
          else if (vv.deleted) r.add('vente annulée', 400, MSG.saleCancelled);
          else if (vv.shopLine !== null) r.add('vente faite en boutique', 400, MSG.shopSale);
          activeCheck(r, b);
          // An edit of a sale dated inside a withdrawal is refused like a new one.
          if (!r.refused) attenteCheck(r, mm, b, v.day, takesBirds(b, stored) ? 'viande' : 'oeufs');
          if (!r.refused && takesBirds(b, stored)) {
            const before = b.type === 'chair' || vv.unite === 'sujet' ? vv.qty : 0;
            birdsCheck(r, mm, b, qty - before, (a) =>
              Object.assign(
                a.ventesB.find((x) => x.id === v.id)!,
                { qty, unite: stored },
              ),
            );
          }
          // Eggs: the edited sale must find its eggs on its day; an edit to hens gives them back.
          if (!r.refused && !takesBirds(b, stored))
            oeufsCheck(r, mm, v.bande, (a) =>
              Object.assign(
                a.ventesB.find((x) => x.id === v.id)!,
                { qty, unite: stored, calibre: v.calibre ?? null },
              ),
            );
          return r.expect();
        },
        apply: (mm, res) => {
          if (res.body.prix_total !== total) fail('vente de bande modifiée: prix_total', total, res.body.prix_total);
          Object.assign(
            mm.ventesB.find((x) => x.id === v.id)!,
            { prix: p.prix, qty, unite: stored, total, calibre: stored === 'sujet' ? null : (v.calibre ?? null) },
          );
        },
      };
    },
  ),
);

const venteBCancel = fc.record({ e: fc.nat() }).map((p) =>
  spec(
    'venteBandeCancel',
    `e${p.e}`,
    (m) => m.ventesB.some((v) => v.id !== null),
    (m) => {
      const v = prefer(
        m.ventesB.filter((x) => x.id !== null),
        (x) => !x.deleted && x.shopLine === null,
        p.e,
      )!;
      return {
        label: `venteBandeCancel #${v.id}${v.shopLine ? ` (boutique ${v.shopLine})` : ''}`,
        method: 'GET',
        path: `/api/bande/vente/delete/${v.id}`,
        decide: (mm) => {
          const vv = mm.ventesB.find((x) => x.id === v.id)!;
          const r = new Reasons();
          if (vv.deleted) r.add('déjà annulée', 400, MSG.alreadyCancelled);
          else if (vv.shopLine !== null) r.add('vente faite en boutique', 400, MSG.shopSale);
          activeCheck(r, mm.bandes.get(v.bande)!);
          return r.expect();
        },
        apply: (mm) => {
          mm.ventesB.find((x) => x.id === v.id)!.deleted = true;
        },
      };
    },
  ),
);

const perteCreateFields = fc.record({
  b: fc.nat(),
  nombre: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 25 }) }, { weight: 1, arbitrary: fc.integer({ min: 26, max: 500 }) }),
  date: dateArb(),
  saisi: saisiArb,
  key: keyArb,
});
const perteSpec = (p: typeof perteCreateFields extends fc.Arbitrary<infer T> ? T : never): Spec =>
  spec(
    'perte',
    `b${p.b},${p.nombre}${showDate(p.date)}${p.saisi !== null ? `,saisi${p.saisi}` : ''}${p.key.withKey ? ',clé' : ''}`,
    (m) => m.bandes.size > 0,
    (m) => {
      const b = prefer(bandes(m), active, p.b)!;
      const date = dayFor(p.date, b, m.today);
      const s = saisiFor(p.saisi, m.today);
      let day: Day = m.today;
      return {
        label: `perte #${b.id} ${p.nombre} ${date ?? 'sans date'}${s ? ` saisi ${s.iso}` : ''}`,
        method: 'POST',
        path: '/api/bande/perte',
        body: { nombre: p.nombre, id_bande: b.id, ...(date !== null ? { date } : {}), ...(s ? { saisi_le: s.iso } : {}) },
        key: keyOf(p.key.withKey, p.key.nonce),
        decide: (mm) => {
          const bb = mm.bandes.get(b.id)!;
          const r = new Reasons();
          activeCheck(r, bb);
          day = entryDay(r, bb, date, s, mm.today);
          if (!r.refused) birdsCheck(r, mm, bb, p.nombre, (a) => a.pertes.set(-1, { id: -1, bande: b.id, nombre: p.nombre, day, deleted: false }));
          return r.expect();
        },
        apply: (mm, res) => {
          const d = answerDay('perte', res.body, day, date === null ? s : null, date === null ? mm.today : undefined);
          mm.pertes.set(res.body.id, { id: res.body.id, bande: b.id, nombre: p.nombre, day: d, deleted: false });
        },
      };
    },
  );
const perteCreate = perteCreateFields.map(perteSpec);

const perteCancel = fc.record({ e: fc.nat() }).map((p) =>
  spec(
    'perteCancel',
    `e${p.e}`,
    (m) => canPrefer([...m.pertes.values()], (x) => !x.deleted, p.e),
    (m) => {
      const x = prefer([...m.pertes.values()], (y) => !y.deleted, p.e)!;
      return {
        label: `perteCancel #${x.id}`,
        method: 'GET',
        path: `/api/bande/perte/delete/${x.id}`,
        decide: (mm) => {
          const r = new Reasons();
          if (mm.pertes.get(x.id)!.deleted) r.add('déjà annulée', 400, MSG.alreadyCancelled);
          activeCheck(r, mm.bandes.get(x.bande)!);
          return r.expect();
        },
        apply: (mm) => {
          mm.pertes.get(x.id)!.deleted = true;
        },
      };
    },
  ),
);

// weighings: grams asked, sent in g or kg (3 decimals)
/** An average weight as thousandths of the type's maximum: mostly plausible, at times just over, at times absurd (a 50 kg bird). */
const poidsArb = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 5, max: 900 }) },
  { weight: 2, arbitrary: fc.integer({ min: 900, max: 1000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1001, max: 1100 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1500, max: 14_000 }) },
);
const grams = (b: MBande, permille: number) => Math.max(1, Math.round((MAX_POIDS_G[b.type] * permille) / 1000));
/** A share (%) of the birds alive on the day: mostly within, at times all of them, at times more (the issue's 100 000 of 388). */
const partArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 95 }) },
  { weight: 1, arbitrary: fc.integer({ min: 96, max: 100 }) },
  { weight: 1, arbitrary: fc.integer({ min: 101, max: 130 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 30_000 }) },
);
const partOf = (n: number, pct: number) => Math.max(1, Math.floor((Math.max(0, n) * pct) / 100));

function pesageChecks(r: Reasons, m: Model, b: MBande, g: number, echantillon: number, day: Day): void {
  activeCheck(r, b);
  checkDay(r, b, day, m.today);
  if (g > MAX_POIDS_G[b.type]) r.add(`poids moyen ${g} g > ${MAX_POIDS_G[b.type]} g`);
  if (!r.refused) {
    const alive = vivantsLe(m, b, day);
    if (echantillon > alive) r.add(`échantillon ${echantillon} > ${alive} vivants le ${day}`);
  }
}

const pesageCreate = fc.record({ b: fc.nat(), g: poidsArb, kg: fc.boolean(), part: partArb, date: dateArb(false), saisi: saisiArb, key: keyArb }).map((p) =>
  spec(
    'pesage',
    `b${p.b},${p.g}‰max${p.kg ? '(kg)' : ''},n${p.part}%${showDate(p.date)}${p.key.withKey ? ',clé' : ''}`,
    (m) => m.bandes.size > 0,
    (m) => {
      const b = prefer(bandes(m), active, p.b)!;
      const day = dayFor(p.date, b, m.today)!;
      const s = saisiFor(p.saisi, m.today);
      const g = grams(b, p.g);
      const poids = p.kg ? g / 1000 : g;
      const echantillon = partOf(vivantsLe(m, b, day), p.part);
      return {
        label: `pesage #${b.id} (${b.type}) ${g} g n=${echantillon} ${day}`,
        method: 'POST',
        path: '/api/bande/pesage',
        body: { pesage: { poids_moyen: poids, unite: p.kg ? 'kg' : 'g', echantillon, date_prise: day }, id_bande: b.id, ...(s ? { saisi_le: s.iso } : {}) },
        key: keyOf(p.key.withKey, p.key.nonce),
        decide: (mm) => {
          const r = new Reasons();
          pesageChecks(r, mm, mm.bandes.get(b.id)!, g, echantillon, day);
          return r.expect();
        },
        apply: (mm, res) => {
          mm.pesages.set(res.body.id, { id: res.body.id, bande: b.id, poids, unite: p.kg ? 'kg' : 'g', echantillon, day, deleted: false });
        },
      };
    },
  ),
);

const pesageEdit = fc.record({ e: fc.nat(), g: poidsArb, part: partArb, date: fc.oneof(fc.constant(null), dateArb(false)), key: keyArb }).map((p) =>
  spec(
    'pesageEdit',
    `e${p.e},${p.g}‰max,n${p.part}%${p.date ? showDate(p.date) : ''}`,
    (m) => m.pesages.size > 0,
    (m) => {
      const x = prefer([...m.pesages.values()], (y) => !y.deleted, p.e)!;
      const b = m.bandes.get(x.bande)!;
      const day = p.date ? dayFor(p.date, b, m.today)! : x.day;
      const g = grams(b, p.g);
      const echantillon = partOf(vivantsLe(m, b, day), p.part);
      return {
        label: `pesageEdit #${x.id} ${g} g n=${echantillon} ${day}`,
        method: 'POST',
        path: '/api/bande/pesage',
        body: { pesage: { id: x.id, poids_moyen: g, unite: 'g', echantillon, date_prise: day }, id_bande: x.bande },
        key: keyOf(p.key.withKey, p.key.nonce),
        race409: true,
        decide: (mm) => {
          if (mm.pesages.get(x.id)!.deleted) return { ok: false, status: [400, 404], why: 'pesage annulé' };
          const r = new Reasons();
          const without = cloneModel(mm);
          without.pesages.get(x.id)!.deleted = true;
          pesageChecks(r, without, without.bandes.get(x.bande)!, g, echantillon, day);
          return r.expect();
        },
        apply: (mm) => {
          Object.assign(mm.pesages.get(x.id)!, { poids: g, unite: 'g', echantillon, day });
        },
      };
    },
  ),
);

const pesageCancel = fc.record({ e: fc.nat() }).map((p) =>
  spec(
    'pesageCancel',
    `e${p.e}`,
    (m) => canPrefer([...m.pesages.values()], (x) => !x.deleted, p.e),
    (m) => {
      const x = prefer([...m.pesages.values()], (y) => !y.deleted, p.e)!;
      return {
        label: `pesageCancel #${x.id}`,
        method: 'GET',
        path: `/api/bande/pesage/delete/${x.id}`,
        decide: (mm) => {
          if (mm.pesages.get(x.id)!.deleted) return { ok: false, status: [400, 404], why: 'déjà annulé' };
          const r = new Reasons();
          activeCheck(r, mm.bandes.get(x.bande)!);
          return r.expect();
        },
        apply: (mm) => {
          mm.pesages.get(x.id)!.deleted = true;
        },
      };
    },
  ),
);

/** Splits n eggs into the four sizes by three cut points (fractions of n), or a wrong split when asked. */
function calibres(n: number, cuts: [number, number, number], wrong: boolean): Calibres {
  const [a, b, c] = cuts.map((x) => Math.floor((n * x) / 100)).sort((x, y) => x - y);
  const cal = { s: a, m: b - a, l: c - b, xl: n - c };
  if (wrong) cal.xl += 1;
  return cal;
}
const cutsArb = fc.tuple(fc.nat({ max: 100 }), fc.nat({ max: 100 }), fc.nat({ max: 100 }));

/** Eggs already collected from a batch on a day. */
const eggsOn = (m: Model, bande: number, day: Day) =>
  [...m.collectes.values()].filter((c) => !c.deleted && c.bande === bande && c.day === day).reduce((s, c) => s + c.collecte, 0);

function collecteChecks(r: Reasons, m: Model, b: MBande, n: number, day: Day): void {
  if (b.type !== 'pondeuse') r.add('bande de chair', 400, MSG.notLaying);
  activeCheck(r, b);
  checkDay(r, b, day, m.today);
  if (!r.refused) {
    const already = eggsOn(m, b.id, day);
    const alive = vivantsLe(m, b, day);
    if (already + n > alive) r.add(`${already} + ${n} œufs le ${day} > ${alive} poules vivantes`);
  }
}

const collecteCreateFields = fc.record({
  b: fc.nat(),
  part: partArb,
  cuts: cutsArb,
  bad: fc.nat({ max: 19 }),
  date: dateArb(),
  key: keyArb,
});
const collecteSpec = (p: typeof collecteCreateFields extends fc.Arbitrary<infer T> ? T : never): Spec =>
  spec(
    'collecte',
    `b${p.b},${p.part}%${showDate(p.date)}${p.bad === 0 ? ',calibres faux' : ''}${p.key.withKey ? ',clé' : ''}`,
    (m) => m.bandes.size > 0,
    (m) => {
      const pondeuses = bandes(m).filter((b) => b.type === 'pondeuse');
      // Mostly a layer batch; now and then whichever batch the number names (a broiler batch is refused).
      const b = pondeuses.length && p.b % 5 !== 0 ? prefer(pondeuses, active, p.b)! : pick(bandes(m), p.b)!;
      const date = dayFor(p.date, b, m.today);
      const day = date ?? m.today;
      // A share of the hens alive that day not yet counted in its collections.
      const n = partOf(vivantsLe(m, b, day) - eggsOn(m, b.id, day), p.part);
      const cal = calibres(n, p.cuts, p.bad === 0);
      return {
        label: `collecte #${b.id} (${b.type}) ${n} œufs ${day}${p.bad === 0 ? ' calibres faux' : ''}`,
        method: 'POST',
        path: '/api/bande/collect',
        body: { id_bande: b.id, id: -1, collecte: n, calibres: JSON.stringify(cal), ...(date !== null ? { date_collecte: date } : {}) },
        key: keyOf(p.key.withKey, p.key.nonce),
        decide: (mm) => {
          const r = new Reasons();
          if (p.bad === 0) r.add('somme des calibres ≠ total');
          collecteChecks(r, mm, mm.bandes.get(b.id)!, n, day);
          return r.expect();
        },
        apply: (mm, res) => {
          mm.collectes.set(res.body.id, { id: res.body.id, bande: b.id, collecte: n, calibres: cal, day, deleted: false });
        },
      };
    },
  );
const collecteCreate = collecteCreateFields.map(collecteSpec);

const collecteEdit = fc.record({ e: fc.nat(), part: partArb, cuts: cutsArb, date: fc.oneof(fc.constant(null), dateArb(false)), key: keyArb }).map((p) =>
  spec(
    'collecteEdit',
    `e${p.e},${p.part}%${p.date ? showDate(p.date) : ''}`,
    (m) => m.collectes.size > 0,
    (m) => {
      const x = prefer([...m.collectes.values()], (y) => !y.deleted, p.e)!;
      const b = m.bandes.get(x.bande)!;
      const day = p.date ? dayFor(p.date, b, m.today)! : x.day;
      const others = eggsOn(m, b.id, day) - (!x.deleted && x.day === day ? x.collecte : 0);
      const n = partOf(vivantsLe(m, b, day) - others, p.part);
      const cal = calibres(n, p.cuts, false);
      return {
        label: `collecteEdit #${x.id} ${x.collecte}→${n} ${x.day}→${day}`,
        method: 'POST',
        path: '/api/bande/collect',
        body: { id_bande: x.bande, id: x.id, collecte: n, calibres: JSON.stringify(cal), date_collecte: day },
        key: keyOf(p.key.withKey, p.key.nonce),
        race409: true,
        decide: (mm) => {
          if (mm.collectes.get(x.id)!.deleted) return { ok: false, status: [400, 404], why: 'collecte annulée' };
          const r = new Reasons();
          const without = cloneModel(mm);
          without.collectes.get(x.id)!.deleted = true;
          collecteChecks(r, without, without.bandes.get(x.bande)!, n, day);
          // Fewer eggs, other sizes or another day: the eggs already gone must still have been there.
          if (!r.refused) oeufsCheck(r, mm, x.bande, (a) => Object.assign(a.collectes.get(x.id)!, { collecte: n, calibres: cal, day }), 'collecte');
          return r.expect();
        },
        apply: (mm) => {
          Object.assign(mm.collectes.get(x.id)!, { collecte: n, calibres: cal, day });
        },
      };
    },
  ),
);

const collecteCancel = fc.record({ e: fc.nat() }).map((p) =>
  spec(
    'collecteCancel',
    `e${p.e}`,
    (m) => canPrefer([...m.collectes.values()], (x) => !x.deleted, p.e),
    (m) => {
      const x = prefer([...m.collectes.values()], (y) => !y.deleted, p.e)!;
      return {
        label: `collecteCancel #${x.id}`,
        method: 'GET',
        path: `/api/bande/collect/delete/${x.id}`,
        decide: (mm) => {
          if (mm.collectes.get(x.id)!.deleted) return { ok: false, status: [400, 404], why: 'déjà annulée' };
          const r = new Reasons();
          activeCheck(r, mm.bandes.get(x.bande)!);
          if (!r.refused) oeufsCheck(r, mm, x.bande, (a) => void (a.collectes.get(x.id)!.deleted = true), 'collecte');
          return r.expect();
        },
        apply: (mm) => {
          mm.collectes.get(x.id)!.deleted = true;
        },
      };
    },
  ),
);

// ── slaughters, and the shop products their birds become (decision 0246) ──

/** Weight categories of a slaughter: shares of its birds, each naming a product now and then. */
const catsArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant([] as { part: number; p: number | null }[]) },
  {
    weight: 3,
    arbitrary: fc.array(fc.record({ part: fc.integer({ min: 1, max: 9 }), p: fc.option(fc.nat(), { freq: 3, nil: null }) }), { minLength: 1, maxLength: 2 }),
  },
);
type CatChoice = { part: number; p: number | null };
/** The categories sent for `n` birds: their quantities add up to n (each ≥ 1), distinct weights, a product or none. */
function categoriesFor(m: Model, n: number, cats: CatChoice[]): { quantite: number; produit: number | null; body: Record<string, unknown> }[] {
  const cs = cats.slice(0, Math.max(1, Math.min(cats.length, n)));
  if (!cats.length) return [];
  const total = cs.reduce((x, c) => x + c.part, 0);
  let left = n;
  const produits = [...m.produits.values()];
  return cs.map((c, i) => {
    const q = i === cs.length - 1 ? left : Math.max(1, Math.min(left - (cs.length - 1 - i), Math.floor((n * c.part) / total)));
    left -= q;
    const pr = c.p === null ? null : (prefer(produits, (x) => !x.oeufs_par_unite, c.p)?.id ?? null);
    return { quantite: q, produit: pr, body: { id: -1, quantite: q, poids_min: 1 + i, poids_max: 1.5 + i, ...(pr !== null ? { id_produit: pr } : {}) } };
  });
}
const showCats = (cats: CatChoice[]) => (cats.length ? `,cat[${cats.map((c) => `${c.part}${c.p !== null ? `→p${c.p}` : ''}`).join(' ')}]` : '');

/** Units of each product a slaughter's categories added. */
function parProduit(cats: { produit: number | null; quantite: number }[] | undefined): Map<number, number> {
  const out = new Map<number, number>();
  for (const c of cats ?? []) if (c.produit !== null) out.set(c.produit, (out.get(c.produit) ?? 0) + c.quantite);
  return out;
}

/**
 * The products' stock a slaughter gave, taken back (an edit or a cancel): each product moves by
 * what the record gives it now less what it gave (one net move, decision 0246), refused (409) when
 * the shop already sold what it must give back.
 */
function repriseCheck(r: Reasons, m: Model, old: Map<number, number>, neu: Map<number, number>): void {
  for (const [id, q] of old) {
    const pr = m.produits.get(id)!;
    const net = q - (neu.get(id) ?? 0);
    if (net > 0 && pr.stock < net) r.add(`« ${pr.nom} » déjà vendu (${pr.stock} en stock pour ${net})`, 409, MSG.dejaVendu(pr.nom, pr.stock, net));
  }
}
/** A slaughter's birds go into meat products: a category naming an egg product is refused (400). */
function produitsViande(r: Reasons, m: Model, cats: { produit: number | null }[]): void {
  for (const c of cats) if (c.produit !== null && m.produits.get(c.produit)!.oeufs_par_unite) r.add(`#${c.produit} est un produit d’œufs`);
}

/** A slaughter's products as the model applies it: the stock up and a restock line of origin Production per category. */
function ajouterProduits(mm: Model, a: MAbattage): void {
  for (const c of a.categories ?? []) {
    if (c.produit === null) continue;
    mm.produits.get(c.produit)!.stock += c.quantite;
    mm.reappros.push({ id: null, produit: c.produit, quantite: c.quantite, etat: 'VALID', source: { type: 'abattage', id: a.id, bande: a.bande, day: a.day } });
  }
}
/** …and taken back: its lines cancelled, their units out of the stock. */
function reprendreProduits(mm: Model, a: MAbattage): void {
  for (const x of mm.reappros) {
    if (x.source?.type !== 'abattage' || x.source.id !== a.id || x.etat !== 'VALID') continue;
    x.etat = 'CANCELED';
    mm.produits.get(x.produit)!.stock -= x.quantite;
  }
}

const abattageCreate = fc
  .record({
    b: fc.nat(),
    n: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 40 }) }, { weight: 1, arbitrary: fc.integer({ min: 41, max: 600 }) }),
    date: dateArb(),
    cats: catsArb,
    // The slaughter form sends a key (decision 0193): its copies and replays write once.
    key: keyArb,
  })
  .map((p) =>
    spec(
      'abattage',
      `b${p.b},${p.n}${showDate(p.date)}${showCats(p.cats)}`,
      (m) => m.bandes.size > 0,
      (m) => {
        const b = prefer(bandes(m), active, p.b)!;
        const date = dayFor(p.date, b, m.today);
        const day = date ?? m.today;
        const cats = categoriesFor(m, p.n, p.cats);
        return {
          label: `abattage #${b.id} ${p.n} ${day}${cats.length ? ` catégories ${cats.map((c) => `${c.quantite}${c.produit !== null ? `→#${c.produit}` : ''}`).join(' + ')}` : ''}`,
          method: 'POST',
          path: '/api/bande/abatage',
          body: { id: -1, quantite: p.n, id_bande: b.id, ...(date !== null ? { date } : {}), category: cats.map((c) => c.body), deleted_categories_id: [] },
          key: keyOf(p.key.withKey, p.key.nonce),
          decide: (mm) => {
            const bb = mm.bandes.get(b.id)!;
            const r = new Reasons();
            produitsViande(r, mm, cats);
            activeCheck(r, bb);
            if (!r.refused) checkDay(r, bb, day, mm.today);
            if (!r.refused) attenteCheck(r, mm, bb, day, 'viande');
            if (!r.refused) birdsCheck(r, mm, bb, p.n, (a) => a.abattages.set(-1, { id: -1, bande: b.id, quantite: p.n, day }));
            const e = r.expect();
            // The slaughter screen words its own refusals (ABATTAGE_MSG): the status is what the contract fixes.
            return 'status' in e ? { ...e, messages: undefined } : e;
          },
          apply: (mm, res) => {
            const a = res.body.abatage;
            if (String(a.date).slice(0, 10) !== day) fail('abattage: date', day, a.date);
            const got = ((a.categories ?? []) as any[]).map((c) => `${c.quantite}→${c.id_produit ?? '-'}`);
            const want = cats.map((c) => `${c.quantite}→${c.produit ?? '-'}`);
            if (JSON.stringify(got) !== JSON.stringify(want)) fail('abattage: catégories [quantité→produit]', want, got);
            const rec: MAbattage = { id: a.id, bande: b.id, quantite: p.n, day, categories: cats.map((c) => ({ produit: c.produit, quantite: c.quantite })) };
            mm.abattages.set(a.id, rec);
            ajouterProduits(mm, rec);
          },
        };
      },
    ),
  );

const abattageEdit = fc.record({ e: fc.nat(), n: fc.integer({ min: 1, max: 60 }), date: fc.oneof(fc.constant(null), dateArb(false)), cats: catsArb }).map((p) =>
  spec(
    'abattageEdit',
    `e${p.e},${p.n}${p.date ? showDate(p.date) : ''}${showCats(p.cats)}`,
    (m) => m.abattages.size > 0,
    (m) => {
      const a = prefer([...m.abattages.values()], (x) => !x.deleted, p.e)!;
      const b = m.bandes.get(a.bande)!;
      const day = p.date ? dayFor(p.date, b, m.today)! : a.day;
      const cats = categoriesFor(m, p.n, p.cats);
      return {
        label: `abattageEdit #${a.id} ${a.quantite}→${p.n} ${a.day}→${day}${cats.length ? ` catégories ${cats.map((c) => `${c.quantite}${c.produit !== null ? `→#${c.produit}` : ''}`).join(' + ')}` : ''}`,
        method: 'POST',
        path: '/api/bande/abatage',
        // The categories sent replace the record's (new ones: its products' lines are written again).
        body: { id: a.id, quantite: p.n, id_bande: a.bande, date: day, category: cats.map((c) => c.body), deleted_categories_id: [] },
        race409: true,
        decide: (mm) => {
          const bb = mm.bandes.get(a.bande)!;
          const old = mm.abattages.get(a.id)!;
          const r = new Reasons();
          if (old.deleted) r.add('abattage annulé');
          produitsViande(r, mm, cats);
          activeCheck(r, bb);
          if (!r.refused) checkDay(r, bb, day, mm.today);
          if (!r.refused) attenteCheck(r, mm, bb, day, 'viande');
          if (!r.refused) birdsCheck(r, mm, bb, p.n - old.quantite, (x) => Object.assign(x.abattages.get(a.id)!, { quantite: p.n, day }));
          if (!r.refused && p.n - old.quantite <= 0) {
            // Fewer birds, or a new day, may still break a later day's collection or weighing.
            const after = cloneModel(mm);
            Object.assign(after.abattages.get(a.id)!, { quantite: p.n, day });
            const broken = brokenDay(after, after.bandes.get(a.bande)!);
            if (broken && !brokenDay(mm, bb)) r.add(`rendrait impossible la collecte ou le pesage du ${broken}`);
          }
          if (!r.refused) repriseCheck(r, mm, parProduit(old.categories), parProduit(cats));
          const e = r.expect();
          return 'status' in e ? { ...e, messages: e.status.includes(409) ? e.messages : undefined } : e;
        },
        apply: (mm) => {
          const rec = mm.abattages.get(a.id)!;
          reprendreProduits(mm, rec);
          Object.assign(rec, { quantite: p.n, day, categories: cats.map((c) => ({ produit: c.produit, quantite: c.quantite })) });
          ajouterProduits(mm, rec);
        },
      };
    },
  ),
);

/** A slaughter cancelled: kept as DELETED, its birds back in the batch, its products' stock taken back (409 if sold). */
const abattageCancel = fc.record({ e: fc.nat() }).map((p) =>
  spec(
    'abattageCancel',
    `e${p.e}`,
    (m) => canPrefer([...m.abattages.values()], (x) => !x.deleted, p.e),
    (m) => {
      const a = prefer([...m.abattages.values()], (x) => !x.deleted, p.e)!;
      return {
        label: `abattageCancel #${a.id} (${a.quantite} sujets de #${a.bande}${[...parProduit(a.categories)].map(([id, q]) => `, ${q}→#${id}`).join('')})`,
        method: 'GET',
        path: `/api/bande/abatage/delete/${a.id}`,
        decide: (mm) => {
          const old = mm.abattages.get(a.id)!;
          const r = new Reasons();
          if (old.deleted) return r.add('abattage déjà annulé').expect();
          // The shop's units are checked before the batch is (its closed state refuses in the transaction).
          activeCheck(r, mm.bandes.get(a.bande)!);
          repriseCheck(r, mm, parProduit(old.categories), new Map());
          const e = r.expect();
          return 'status' in e ? { ...e, messages: e.status.includes(409) ? e.messages : undefined } : e;
        },
        apply: (mm, res) => {
          const rec = mm.abattages.get(a.id)!;
          if (res.body?.abatage && res.body.abatage.etat !== 'DELETED') fail(`abattage #${a.id} annulé: état`, 'DELETED', res.body.abatage.etat);
          reprendreProduits(mm, rec);
          rec.deleted = true;
        },
      };
    },
  ),
);

// ── a layer batch's eggs: breakage and moves to a shop product (decisions 0243, 0244) ──

const motifArb = fc.constantFrom('Œufs cassés', 'Œufs fêlés', 'Œufs sales', 'ok');

const casseCreate = fc
  .record({
    b: fc.nat(),
    q: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 24 }) }, { weight: 1, arbitrary: fc.integer({ min: 25, max: 90 }) }),
    plateau: fc.nat({ max: 4 }),
    calibre: calibreArb,
    // Mostly the last days (their collections are there), now and then any day or an impossible one.
    date: fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 20 }).map((n): DateChoice => ({ k: 'back', n })) }, { weight: 1, arbitrary: dateArb(false) }),
    motif: motifArb,
    key: keyArb,
  })
  .map((p) =>
    spec(
      'casseOeufs',
      `b${p.b},${p.q}${p.plateau === 0 ? ' plateaux' : ''}${p.calibre ? ` ${p.calibre}` : ''}${showDate(p.date)},${p.motif}${p.key.withKey ? ',clé' : ''}`,
      (m) => m.bandes.size > 0,
      (m) => {
        const pondeuses = bandes(m).filter((b) => b.type === 'pondeuse');
        // Mostly a layer batch; now and then whichever batch the number names (a broiler batch is refused).
        const b = pondeuses.length && p.b % 7 !== 0 ? prefer(pondeuses, active, p.b)! : pick(bandes(m), p.b)!;
        const day = dayFor(p.date, b, m.today)!;
        const unite = p.plateau === 0 ? 'plateau' : 'oeuf';
        const quantite = unite === 'plateau' ? 1 + (p.q % 4) : p.q;
        const oeufs = unite === 'plateau' ? quantite * 30 : quantite;
        return {
          label: `casseOeufs #${b.id} (${b.type}) ${quantite} ${unite}${p.calibre ? ` calibre ${p.calibre}` : ''} le ${day} « ${p.motif} »`,
          method: 'POST',
          path: '/api/bande/oeufs/casse',
          body: { id_bande: b.id, quantite, unite, ...(p.calibre ? { calibre: p.calibre } : {}), date: day, motif: p.motif },
          key: keyOf(p.key.withKey, p.key.nonce),
          decide: (mm) => {
            const bb = mm.bandes.get(b.id)!;
            const r = new Reasons();
            if (p.motif.length < 3) r.add('motif trop court');
            if (bb.type !== 'pondeuse') r.add('bande de chair', 400, MSG.pasPondeuse);
            activeCheck(r, bb);
            if (!r.refused) checkDay(r, bb, day, mm.today);
            // Breakage is not a sale: a withdrawal does not block it; the eggs must have been there.
            if (!r.refused)
              oeufsCheck(r, mm, b.id, (a) => a.casses.set(-1, { id: -1, bande: b.id, oeufs, calibre: p.calibre, day, motif: p.motif, deleted: false }));
            return r.expect();
          },
          apply: (mm, res) => {
            const c = res.body.casse;
            if (c.oeufs !== -oeufs || c.date !== day || (c.calibre ?? null) !== p.calibre)
              fail('casse: réponse [œufs, date, calibre]', [-oeufs, day, p.calibre], [c.oeufs, c.date, c.calibre ?? null]);
            mm.casses.set(c.id, { id: c.id, bande: b.id, oeufs, calibre: p.calibre, day, motif: p.motif, deleted: false });
          },
        };
      },
    ),
  );

/** An egg entry's second cancel: « déjà annulée », 400 or 409 (the contract leaves the status open). */
const dejaAnnulee = (why: string): Expect => ({ ok: false, status: [400, 409], messages: [MSG.oeufsDejaAnnule], why });

const casseCancel = fc.record({ c: fc.nat() }).map((p) =>
  spec(
    'casseOeufsCancel',
    `c${p.c}`,
    (m) => m.casses.size > 0,
    (m) => {
      const c = prefer([...m.casses.values()], (x) => !x.deleted, p.c)!;
      return {
        label: `casseOeufsCancel #${c.id} (bande #${c.bande}, ${c.oeufs} œufs le ${c.day})`,
        method: 'GET',
        path: `/api/bande/oeufs/casse/delete/${c.id}`,
        // Eggs given back: never refused for the stock.
        decide: (mm) => {
          if (mm.casses.get(c.id)!.deleted) return dejaAnnulee('casse déjà annulée');
          const r = new Reasons();
          activeCheck(r, mm.bandes.get(c.bande)!);
          return r.expect();
        },
        apply: (mm, res) => {
          if (res.body.casse?.etat !== 'DELETED') fail('casse annulée: état', 'DELETED', res.body.casse?.etat);
          mm.casses.get(c.id)!.deleted = true;
        },
      };
    },
  ),
);

const transfertCreate = fc
  .record({
    b: fc.nat(),
    p: fc.nat(),
    // Mostly a few trays (a day's laying is a few hundred eggs), now and then more than the flock holds.
    k: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }) }, { weight: 1, arbitrary: fc.integer({ min: 5, max: 12 }) }),
    unite: fc.constantFrom<'oeuf' | 'plateau'>('plateau', 'plateau', 'oeuf'),
    /** 0: one egg more than whole units (refused unless the product holds one egg a unit). */
    entier: fc.nat({ max: 5 }),
    calibre: calibreArb,
    date: fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 20 }).map((n): DateChoice => ({ k: 'back', n })) }, { weight: 1, arbitrary: dateArb(false) }),
    key: keyArb,
  })
  .map((p) =>
    spec(
      'transfertOeufs',
      `b${p.b},p${p.p},${p.k}${p.unite === 'plateau' ? ' plateaux' : ' unités en œufs'}${p.entier === 0 ? '+1' : ''}${p.calibre ? ` ${p.calibre}` : ''}${showDate(p.date)}${p.key.withKey ? ',clé' : ''}`,
      (m) => m.bandes.size > 0 && m.produits.size > 0,
      (m) => {
        const pondeuses = bandes(m).filter((b) => b.type === 'pondeuse');
        const b = pondeuses.length && p.b % 7 !== 0 ? prefer(pondeuses, active, p.b)! : pick(bandes(m), p.b)!;
        // Mostly an egg product; now and then any (one that is not is refused).
        const pr: MProduit = prefer([...m.produits.values()], (x) => !!x.oeufs_par_unite, p.p)!;
        const per = pr.oeufs_par_unite ?? 30;
        const day = dayFor(p.date, b, m.today)!;
        const quantite = p.unite === 'plateau' ? p.k : per * p.k + (p.entier === 0 ? 1 : 0);
        const oeufs = p.unite === 'plateau' ? quantite * 30 : quantite;
        const unites = oeufs / per;
        return {
          label: `transfertOeufs #${b.id} (${b.type}) → #${pr.id} ${pr.nom} (${pr.oeufs_par_unite ?? '-'} œufs/u) ${quantite} ${p.unite}${p.calibre ? ` calibre ${p.calibre}` : ''} le ${day}`,
          method: 'POST',
          path: '/api/bande/oeufs/transfert',
          body: { id_bande: b.id, id_produit: pr.id, quantite, unite: p.unite, ...(p.calibre ? { calibre: p.calibre } : {}), date: day },
          key: keyOf(p.key.withKey, p.key.nonce),
          decide: (mm) => {
            const bb = mm.bandes.get(b.id)!;
            const px = mm.produits.get(pr.id)!;
            const r = new Reasons();
            if (bb.type !== 'pondeuse') r.add('bande de chair', 400, MSG.pasPondeuse);
            activeCheck(r, bb);
            if (!r.refused) checkDay(r, bb, day, mm.today);
            // Eggs sent to the shop will be sold: none of a day inside an egg withdrawal (checked before the product).
            if (!r.refused) attenteCheck(r, mm, bb, day, 'oeufs');
            if (r.refused) return r.expect();
            if (!px.oeufs_par_unite) r.add('pas un produit d’œufs', 400, MSG.produitSansOeufs(px.nom));
            else if (!Number.isInteger(unites)) r.add(`${oeufs} œufs ≠ unités entières de ${per}`, 400, MSG.unitesEntieres(oeufs, per, px.nom));
            if (!r.refused)
              oeufsCheck(r, mm, b.id, (a) =>
                a.transferts.set(-1, { id: -1, bande: b.id, produit: pr.id, oeufs, unites, calibre: p.calibre, day, deleted: false }),
              );
            return r.expect();
          },
          apply: (mm, res, concurrent) => {
            const t = res.body.transfert;
            const px = mm.produits.get(pr.id)!;
            if (t.oeufs !== -oeufs || t.date !== day || t.unites_produit !== unites || t.produit?.id !== pr.id)
              fail('envoi: réponse [œufs, date, unités, produit]', [-oeufs, day, unites, pr.id], [t.oeufs, t.date, t.unites_produit, t.produit?.id]);
            // The product's stock after the move (another write sent at once may have moved it too).
            if (!concurrent && res.body.produit?.quantite !== px.stock + unites)
              fail(`envoi: stock de #${pr.id} après`, px.stock + unites, res.body.produit?.quantite);
            mm.transferts.set(t.id, { id: t.id, bande: b.id, produit: pr.id, oeufs, unites, calibre: p.calibre, day, deleted: false });
            px.stock += unites;
            mm.reappros.push({ id: null, produit: pr.id, quantite: unites, etat: 'VALID', source: { type: 'oeufs', id: t.id, bande: b.id, day } });
          },
        };
      },
    ),
  );

const transfertCancel = fc.record({ t: fc.nat() }).map((p) =>
  spec(
    'transfertOeufsCancel',
    `t${p.t}`,
    (m) => m.transferts.size > 0,
    (m) => {
      const t = prefer([...m.transferts.values()], (x) => !x.deleted, p.t)!;
      return {
        label: `transfertOeufsCancel #${t.id} (bande #${t.bande} → #${t.produit}, ${t.oeufs} œufs = ${t.unites} u le ${t.day})`,
        method: 'GET',
        path: `/api/bande/oeufs/transfert/delete/${t.id}`,
        decide: (mm) => {
          if (mm.transferts.get(t.id)!.deleted) return dejaAnnulee('envoi déjà annulé');
          const r = new Reasons();
          activeCheck(r, mm.bandes.get(t.bande)!);
          // The eggs come back to the flock (never refused for them); the units leave the product: not if sold.
          const px = mm.produits.get(t.produit)!;
          if (!r.refused && px.stock < t.unites) r.add(`« ${px.nom} » déjà vendu`, 409, MSG.dejaVendu(px.nom, px.stock, t.unites));
          return r.expect();
        },
        apply: (mm, res) => {
          if (res.body.transfert?.etat !== 'DELETED') fail('envoi annulé: état', 'DELETED', res.body.transfert?.etat);
          mm.transferts.get(t.id)!.deleted = true;
          mm.produits.get(t.produit)!.stock -= t.unites;
          const line: MReappro | undefined = mm.reappros.find((x) => x.source?.type === 'oeufs' && x.source.id === t.id && x.etat === 'VALID');
          if (line) line.etat = 'CANCELED';
        },
      };
    },
  ),
);

// ── products and stock ──

const produitCreate = fc
  .record({
    prix: fc.integer({ min: 100, max: 20_000 }),
    stock: fc.integer({ min: 0, max: 80 }),
    negative: fc.nat({ max: 9 }),
    // An egg product now and then: a tray of 30 eggs, or eggs sold one by one.
    oeufs: fc.constantFrom<number | null>(null, null, 30, 1),
  })
  .map((p) =>
    spec(
      'produitCreate',
      `${p.prix},stock ${p.stock}${p.negative === 0 ? ',prix négatif' : ''}${p.oeufs ? `,${p.oeufs} œufs/u` : ''}`,
      (m) => m.produits.size < 6,
      (m) => {
        const nom = `Produit ${++m.seq}`;
        const prix = p.negative === 0 ? -p.prix : p.prix;
        return {
          label: `produitCreate ${nom} ${prix} FCFA stock ${p.stock}${p.oeufs ? ` ${p.oeufs} œufs/u` : ''}`,
          method: 'POST',
          path: '/api/produit',
          body: {
            id: 0,
            nom,
            description: 'réconciliation',
            quantite: p.stock,
            prix_cession: Math.round(p.prix / 2),
            prix_vente: prix,
            ...(p.oeufs ? { oeufs_par_unite: p.oeufs } : {}),
          },
          decide: () => (prix < 0 ? { ok: false, status: [400], why: 'prix négatif (contrat, point 7)' } : OK),
          apply: (mm, res) => {
            mm.produits.set(res.body.id, {
              id: res.body.id,
              nom,
              prix_vente: prix,
              prix_cession: Math.round(p.prix / 2),
              stock: p.stock,
              oeufs_par_unite: p.oeufs,
            });
            if (p.stock > 0) mm.reappros.push({ id: null, produit: res.body.id, quantite: p.stock, etat: 'VALID' });
          },
        };
      },
    ),
  );

const produitEdit = fc.record({ p: fc.nat(), prix: fc.integer({ min: 100, max: 20_000 }) }).map((p) =>
  spec(
    'produitEdit',
    `p${p.p},${p.prix}`,
    (m) => m.produits.size > 0,
    (m) => {
      const x = pick([...m.produits.values()], p.p)!;
      return {
        label: `produitEdit #${x.id} prix ${x.prix_vente}→${p.prix}`,
        method: 'POST',
        path: '/api/produit',
        // Its eggs per unit sent again: an edit keeps what it says.
        body: {
          id: x.id,
          nom: x.nom,
          description: 'réconciliation',
          quantite: 0,
          prix_cession: x.prix_cession,
          prix_vente: p.prix,
          ...(x.oeufs_par_unite ? { oeufs_par_unite: x.oeufs_par_unite } : {}),
        },
        decide: () => OK,
        apply: (mm) => {
          mm.produits.get(x.id)!.prix_vente = p.prix;
        },
      };
    },
  ),
);

const reappro = fc.record({ p: fc.nat(), n: fc.integer({ min: 1, max: 50 }) }).map((p) =>
  spec(
    'reappro',
    `p${p.p},+${p.n}`,
    (m) => m.produits.size > 0,
    (m) => {
      const x = pick([...m.produits.values()], p.p)!;
      return {
        label: `reappro #${x.id} +${p.n}`,
        method: 'POST',
        path: '/api/produit/reappro/new',
        body: { id_produit: x.id, quantite: p.n },
        decide: () => OK,
        apply: (mm, res) => {
          mm.produits.get(x.id)!.stock += p.n;
          mm.reappros.push({ id: res.body.reappro.id, produit: x.id, quantite: p.n, etat: 'VALID' });
        },
      };
    },
  ),
);

const reapproCancel = fc.record({ e: fc.nat() }).map((p) =>
  spec(
    'reapproCancel',
    `e${p.e}`,
    (m) => m.reappros.some((r) => r.id !== null),
    (m) => {
      const x = pick(
        m.reappros.filter((r) => r.id !== null),
        p.e,
      )!;
      return {
        label: `reapproCancel #${x.id} (${x.etat} ${x.quantite})`,
        method: 'GET',
        path: `/api/produit/reappro/cancele/${x.id}`,
        decide: (mm) => {
          const xx = mm.reappros.find((r) => r.id === x.id)!;
          if (xx.etat === 'AJUSTEMENT') return { ok: false, status: [400], messages: [MSG.ajustementNotCancelable], why: 'ajustement' };
          if (xx.etat === 'CANCELED') return { ok: false, status: [400], messages: [MSG.reapproAlreadyCanceled], why: 'déjà annulé' };
          // A restock of the farm's own production leaves with its source only: the move, the slaughter.
          if (xx.source) return { ok: false, status: [400], why: `approvisionnement d’origine Production (${xx.source.type} #${xx.source.id})` };
          if (mm.produits.get(x.produit)!.stock < xx.quantite) return { ok: false, status: [400], why: 'stock déjà vendu' };
          return OK;
        },
        apply: (mm) => {
          mm.reappros.find((r) => r.id === x.id)!.etat = 'CANCELED';
          mm.produits.get(x.produit)!.stock -= x.quantite;
        },
      };
    },
  ),
);

const ajustement = fc.record({ p: fc.nat(), n: fc.integer({ min: 0, max: 80 }) }).map((p) =>
  spec(
    'ajustement',
    `p${p.p},=${p.n}`,
    (m) => m.produits.size > 0,
    (m) => {
      const x = pick([...m.produits.values()], p.p)!;
      return {
        label: `ajustement #${x.id} → ${p.n}`,
        method: 'POST',
        path: '/api/produit/ajustement',
        body: { id_produit: x.id, quantite: p.n, motif: 'inventaire' },
        decide: (mm) => (mm.produits.get(x.id)!.stock === p.n ? { ok: false, status: [400], why: 'stock déjà compté' } : OK),
        apply: (mm, res) => {
          const px = mm.produits.get(x.id)!;
          if (res.body.reappro?.quantite !== p.n - px.stock) fail(`ajustement de #${x.id} à ${p.n}: mouvement`, p.n - px.stock, res.body.reappro?.quantite);
          mm.reappros.push({ id: res.body.reappro.id, produit: x.id, quantite: p.n - px.stock, etat: 'AJUSTEMENT' });
          px.stock = p.n;
        },
      };
    },
  ),
);

const clientCreate = fc.constant(null).map(() =>
  spec(
    'client',
    '',
    (m) => m.clients.size < 5,
    (m) => {
      const nom = `Client ${++m.seq}`;
      return {
        label: `client ${nom}`,
        method: 'POST',
        path: '/api/addOrUpdateClient',
        body: { id: 0, prenom: 'Awa', nom },
        decide: () => OK,
        apply: (mm, res) => {
          mm.clients.set(res.body.id, { id: res.body.id, nom });
        },
      };
    },
  ),
);

// ── shop sales ──

type RemiseChoice = { t: 'none' } | { t: 'MONTANT'; pct: number; half: boolean } | { t: 'POURCENTAGE'; p100: number };
const remiseArb: fc.Arbitrary<RemiseChoice> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<RemiseChoice>({ t: 'none' }) },
  {
    weight: 2,
    arbitrary: fc
      .record({ pct: fc.integer({ min: 1, max: 110 }), half: fc.nat({ max: 5 }).map((n) => n === 0) })
      .map((x): RemiseChoice => ({ t: 'MONTANT', ...x })),
  },
  {
    weight: 3,
    arbitrary: fc
      .oneof(fc.constantFrom(1250, 3333, 5000, 1000, 2500, 10_000, 9999, 50), fc.integer({ min: 1, max: 10_000 }))
      .map((p100): RemiseChoice => ({ t: 'POURCENTAGE', p100 })),
  },
);
const lineArb = fc.record({
  p: fc.nat(),
  qty: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 8 }) }, { weight: 1, arbitrary: fc.integer({ min: 9, max: 120 }) }),
  remise: remiseArb,
});
const showRemise = (r: RemiseChoice) => (r.t === 'none' ? '' : r.t === 'MONTANT' ? `-${r.pct}%prix${r.half ? '+0,5' : ''}F` : `-${r.p100 / 100}%`);

const venteBoutique = fc
  .record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
    type: fc.constantFrom('DIRECT', 'DIRECT', 'EMPRUNT', 'DON') as fc.Arbitrary<TypeVente>,
    client: fc.option(fc.nat(), { freq: 3 }),
    bande: fc.option(fc.nat(), { freq: 2, nil: null }),
    noClient: fc.nat({ max: 9 }),
    saisi: saisiArb,
    key: keyArb,
  })
  .map((p) =>
    spec(
      'venteBoutique',
      `${p.type},${p.lines.map((l) => `p${l.p}×${l.qty}${showRemise(l.remise)}`).join('+')}${p.bande !== null ? `,b${p.bande}` : ''}${p.saisi !== null ? `,saisi${p.saisi}` : ''}${p.key.withKey ? ',clé' : ''}`,
      (m) => m.produits.size > 0,
      (m) => {
        const clients = [...m.clients.values()];
        // An EMPRUNT names a client, save now and then (refused); other types name one at times.
        const client =
          p.type === 'EMPRUNT' ? (p.noClient === 0 ? undefined : pick(clients, p.client ?? 0)) : p.client !== null ? pick(clients, p.client) : undefined;
        const b = p.bande !== null ? prefer(bandes(m), active, p.bande) : undefined;
        const s = saisiFor(p.saisi, m.today);
        const day = s?.day ?? m.today;
        const produits = [...m.produits.values()];
        const sent = p.lines.map((l) => {
          const pr = prefer(produits, (x) => x.stock >= l.qty, l.p)!;
          const valeur =
            l.remise.t === 'none'
              ? 0
              : l.remise.t === 'MONTANT'
                ? Math.max(1, Math.floor((pr.prix_vente * l.remise.pct) / 100)) + (l.remise.half ? 0.5 : 0)
                : l.remise.p100 / 100;
          const type_remise = l.remise.t === 'POURCENTAGE' ? 'POURCENTAGE' : 'MONTANT';
          return { id_produit: pr.id, quantite: l.qty, type_remise, valeur_remise: valeur } as const;
        });
        // Lines of one product with one discount are one line (spec part 2 §5).
        const merged: { id_produit: number; quantite: number; type_remise: 'MONTANT' | 'POURCENTAGE'; valeur_remise: number }[] = [];
        for (const l of sent) {
          const same = merged.find((x) => x.id_produit === l.id_produit && x.type_remise === l.type_remise && x.valeur_remise === l.valeur_remise);
          if (same) same.quantite += l.quantite;
          else merged.push({ ...l });
        }
        let priced: { id_produit: number; quantite: number; unit: number; total: number }[] = [];
        return {
          label: `venteBoutique ${p.type} ${merged.map((l) => `#${l.id_produit}×${l.quantite}${l.valeur_remise ? ` ${l.type_remise} ${l.valeur_remise}` : ''}`).join(' + ')}${client ? ` client #${client.id}` : ''}${b ? ` bande #${b.id}` : ''}${s ? ` saisi ${s.iso}` : ''}`,
          method: 'POST',
          path: '/api/vente',
          body: { id_bande: b?.id ?? null, produits: sent, id_client: client?.id ?? null, type: p.type, ...(s ? { saisi_le: s.iso } : {}) },
          key: keyOf(p.key.withKey, p.key.nonce),
          decide: (mm) => {
            const r = new Reasons();
            if (p.type === 'EMPRUNT' && !client) r.add('EMPRUNT sans client', 400, MSG.empruntClient);
            priced = [];
            for (const l of merged) {
              const pr = mm.produits.get(l.id_produit)!;
              const u = prixRemise(pr.prix_vente, l.type_remise, l.valeur_remise);
              if (!u.ok) {
                if (u.reason === 'montant') r.add('remise ≥ prix', 400, MSG.remiseMontant);
                else if (u.reason === 'pourcentage') r.add('remise ≥ 100 %', 400, MSG.remisePourcentage);
                else r.add('remise en montant non entière (contrat, point 6)');
              } else priced.push({ id_produit: l.id_produit, quantite: l.quantite, unit: u.unit, total: u.unit * l.quantite });
            }
            if (b) activeCheck(r, mm.bandes.get(b.id)!);
            // A line of an egg product names eggs that already left a flock when they were sent to the
            // shop: a sale naming a batch may not count them again (decision 0245).
            if (b && merged.some((l) => mm.produits.get(l.id_produit)!.oeufs_par_unite)) r.add('produit d’œufs dans une vente nommant une bande');
            const perProduit = new Map<number, number>();
            for (const l of merged) perProduit.set(l.id_produit, (perProduit.get(l.id_produit) ?? 0) + l.quantite);
            for (const [id, n] of perProduit) if (n > mm.produits.get(id)!.stock) r.add(`stock de #${id}: ${mm.produits.get(id)!.stock} < ${n}`);
            if (b && !r.refused) {
              const bb = mm.bandes.get(b.id)!;
              // Main checks a shop sale naming a batch on the day it was typed (saisi_le kept), as a dated entry.
              if (day < bb.start) r.add(`vente boutique saisie le ${day}, avant le démarrage`, 400, MSG.dateBeforeStart(bb.start));
              // A broiler batch's shop sale is meat, a layer batch's its eggs (decision 0227).
              const bloque = day >= bb.start && attenteLe(mm, bb.id, day, bb.type === 'chair' ? 'viande' : 'oeufs') !== null;
              if (bloque) attenteCheck(r, mm, bb, day, bb.type === 'chair' ? 'viande' : 'oeufs');
              // A layer batch's shop sale is its eggs, one a unit, no size: out of its egg stock, checked.
              if (bb.type === 'pondeuse' && !bloque && day >= bb.start)
                oeufsCheck(r, mm, b.id, (a) => {
                  for (const l of merged)
                    a.ventesB.push({ id: -1, bande: b.id, prix: 0, qty: l.quantite, unite: null, total: 0, day, deleted: false, shopLine: null });
                });
              if (bb.type === 'chair' && !bloque) {
                const n = merged.reduce((s2, l) => s2 + l.quantite, 0);
                const alive = vivants(mm, bb);
                if (n > alive) r.add(`${n} sujets vendus, ${alive} vivants`);
                else {
                  const after = cloneModel(mm);
                  after.ventesB.push({ id: -1, bande: b.id, prix: 0, qty: n, unite: null, total: 0, day, deleted: false, shopLine: null });
                  const broken = brokenDay(after, after.bandes.get(b.id)!);
                  if (broken && !brokenDay(mm, bb)) r.either(`vente boutique rendant le pesage du ${broken} impossible`);
                }
              }
            }
            return r.expect();
          },
          apply: (mm, res) => {
            const lines: any[] = res.body.ventes ?? [];
            if (lines.length !== priced.length) fail('vente: nombre de lignes', priced.length, lines.length);
            let total = 0;
            priced.forEach((l, i) => {
              const got = lines[i];
              if (got.id_produit !== l.id_produit || got.quantite !== l.quantite)
                fail(`vente ligne ${i + 1}: produit × quantité`, [l.id_produit, l.quantite], [got.id_produit, got.quantite]);
              if (got.prix_unitaire !== l.unit) fail(`vente ligne ${i + 1} (#${l.id_produit}): prix unitaire après remise`, l.unit, got.prix_unitaire);
              if (got.total !== l.total) fail(`vente ligne ${i + 1} (#${l.id_produit}): total = prix unitaire × quantité`, l.total, got.total);
              const d = answerDay(`vente ligne ${i + 1}`, got, day, s, mm.today);
              total += l.total;
              mm.produits.get(l.id_produit)!.stock -= l.quantite;
              const ligne: MLigne = {
                id: got.id,
                source: 'BOUTIQUE',
                ref: null,
                produit: l.id_produit,
                qty: l.quantite,
                unit: l.unit,
                total: l.total,
                type: p.type,
                deleted: false,
                client: client?.id ?? null,
                bande: b?.id ?? null,
                day: d,
              };
              mm.lignes.push(ligne);
              if (b)
                mm.ventesB.push({
                  id: null,
                  bande: b.id,
                  prix: p.type === 'DON' ? 0 : l.unit,
                  qty: l.quantite,
                  unite: null,
                  total: p.type === 'DON' ? 0 : l.total,
                  day: d,
                  deleted: false,
                  shopLine: got.id,
                });
            });
            if (res.body.total !== total) fail('vente: total', total, res.body.total);
          },
        };
      },
    ),
  );

/** Lines a cancel may name: every line whose id is known (an order's lines are learned from the history). */
const cancellable = (m: Model) => m.lignes.filter((x) => x.id !== null);

const annulerVente = fc.record({ e: fc.nat() }).map((p) =>
  spec(
    'annulerVente',
    `e${p.e}`,
    (m) => cancellable(m).length > 0,
    (m) => {
      const l = prefer(cancellable(m), (x) => !x.deleted, p.e)!;
      return {
        label: `annulerVente #${l.id} (${l.source} ${l.type ?? ''} ${l.total} FCFA${l.client ? ` client #${l.client}` : ''}${l.bande ? ` bande #${l.bande}` : ''})`,
        method: 'POST',
        path: '/api/vente/annulerVente',
        body: { id_vente: l.id },
        decide: (mm) => {
          const ll = mm.lignes.find((x) => x.id === l.id)!;
          if (ll.deleted) return { ok: false, status: [400], messages: [MSG.venteAlreadyDeleted], why: 'déjà annulée' };
          if (ll.source !== 'BOUTIQUE') return { ok: false, status: [400], why: 'ligne de commande : ne s’annule pas depuis l’historique' };
          const entry = mm.ventesB.find((v) => v.shopLine === ll.id);
          if (ll.bande && entry && !entry.deleted && !active(mm.bandes.get(ll.bande)!)) return { ok: false, status: [400], why: 'bande clôturée ou archivée' };
          if (ll.type === 'EMPRUNT' && ll.client !== null && creance(mm, ll.client) < ll.total) {
            return { ok: false, status: [400], messages: [MSG.creanceCancel], why: `créance ${creance(mm, ll.client)} < ${ll.total}` };
          }
          return OK;
        },
        apply: (mm) => {
          const ll = mm.lignes.find((x) => x.id === l.id)!;
          ll.deleted = true;
          ll.deletedDay = mm.today;
          mm.produits.get(ll.produit)!.stock += ll.qty;
          const entry = mm.ventesB.find((v) => v.shopLine === ll.id);
          if (entry) entry.deleted = true;
        },
      };
    },
  ),
);

// ── customer orders ──

const cmdLinesArb = fc.array(fc.record({ p: fc.nat(), qty: fc.integer({ min: 1, max: 12 }) }), { minLength: 1, maxLength: 3 });
type LivChoice = { k: 'ok'; n: number } | { k: 'past'; n: number } | { k: 'far'; n: number };
const livArb: fc.Arbitrary<LivChoice> = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 365 }).map((n): LivChoice => ({ k: 'ok', n })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 30 }).map((n): LivChoice => ({ k: 'past', n })) },
  { weight: 1, arbitrary: fc.integer({ min: 367, max: 600 }).map((n): LivChoice => ({ k: 'far', n })) },
);
const livDay = (l: LivChoice, today: Day) => addDays(today, l.k === 'past' ? -l.n : l.n);

/** Lines as the server prices them: the product's price today; one product twice → the last quantity. */
function priceLines(m: Model, lines: { id_produit: number; quantite: number }[]): MCommandeLigne[] {
  const q2 = new Map<number, number>();
  for (const l of lines) {
    q2.delete(l.id_produit);
    q2.set(l.id_produit, l.quantite);
  }
  return [...q2].map(([id, qty]) => {
    const unit = m.produits.get(id)!.prix_vente;
    return { produit: id, qty, unit, total: unit * qty };
  });
}

function livraisonCheck(r: Reasons, day: Day, today: Day): void {
  if (day < today) r.add('livraison dans le passé');
  else if (day > addDays(today, 366)) r.add('livraison à plus d’un an');
  else if (day > addDays(today, 365)) r.either('livraison à un an jour pour jour');
}

const commandeCreate = fc.record({ c: fc.nat(), lines: cmdLinesArb, acc: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 110 })), liv: livArb }).map((p) =>
  spec(
    'commande',
    `c${p.c},${p.lines.map((l) => `p${l.p}×${l.qty}`).join('+')},acompte ${p.acc}%,${p.liv.k}${p.liv.n}`,
    (m) => m.clients.size > 0 && m.produits.size > 0,
    (m) => {
      const client = pick([...m.clients.values()], p.c)!;
      const produits = [...m.produits.values()];
      const sent = p.lines.map((l) => ({ id_produit: pick(produits, l.p)!.id, quantite: l.qty }));
      // The deposit is typed against today's prices; the server prices the lines when it reads them.
      const shown = priceLines(m, sent);
      const accompte = Math.floor((shown.reduce((s, l) => s + l.total, 0) * p.acc) / 100);
      const liv = livDay(p.liv, m.today);
      let lines = shown;
      let total = 0;
      return {
        label: `commande client #${client.id} ${shown.map((l) => `#${l.produit}×${l.qty}`).join(' + ')}, acompte ${accompte}, livraison ${liv}`,
        method: 'POST',
        path: '/api/commande/addCommande',
        body: { id: 0, id_client: client.id, produits: sent, accompte, date_livraison: liv },
        decide: (mm) => {
          lines = priceLines(mm, sent);
          total = lines.reduce((s, l) => s + l.total, 0);
          const r = new Reasons();
          livraisonCheck(r, liv, mm.today);
          if (accompte > total) r.add('acompte > total', 400, MSG.accompteTooHigh);
          return r.expect();
        },
        apply: (mm, res) => {
          if (res.body.montant_total !== total) fail('commande: montant_total', total, res.body.montant_total);
          mm.commandes.set(res.body.id, {
            id: res.body.id,
            numero: res.body.numero_commande,
            client: client.id,
            lines,
            accompte,
            date_livraison: liv,
            delivered: false,
            deliveredDay: null,
            deliverySeq: 0,
            regle: 0,
          });
        },
      };
    },
  ),
);

const commandeEdit = fc.record({ e: fc.nat(), lines: cmdLinesArb, acc: fc.integer({ min: 0, max: 110 }), liv: fc.option(livArb, { nil: null }) }).map((p) =>
  spec(
    'commandeEdit',
    `e${p.e},${p.lines.map((l) => `p${l.p}×${l.qty}`).join('+')},acompte ${p.acc}%${p.liv ? `,${p.liv.k}${p.liv.n}` : ''}`,
    (m) => canPrefer([...m.commandes.values()], (c) => !c.delivered, p.e),
    (m) => {
      const c = prefer([...m.commandes.values()], (c) => !c.delivered, p.e)!;
      const produits = [...m.produits.values()];
      const sent = p.lines.map((l) => ({ id_produit: pick(produits, l.p)!.id, quantite: l.qty }));
      const shown = priceLines(m, sent);
      const accompte = Math.floor((shown.reduce((s, l) => s + l.total, 0) * p.acc) / 100);
      const liv = p.liv ? livDay(p.liv, m.today) : c.date_livraison;
      let lines = shown;
      let total = 0;
      return {
        label: `commandeEdit ${c.numero} ${shown.map((l) => `#${l.produit}×${l.qty}`).join(' + ')}, acompte ${accompte}, livraison ${liv}`,
        method: 'POST',
        path: '/api/commande/addCommande',
        body: { id: c.id, id_client: c.client, produits: sent, accompte, date_livraison: liv },
        race409: true,
        decide: (mm) => {
          lines = priceLines(mm, sent);
          total = lines.reduce((s, l) => s + l.total, 0);
          const cc = mm.commandes.get(c.id)!;
          const r = new Reasons();
          if (cc.delivered) r.add('déjà livrée', 400, MSG.commandeDelivered);
          if (liv !== cc.date_livraison) livraisonCheck(r, liv, mm.today);
          if (accompte > total) r.add('acompte > total', 400, MSG.accompteTooHigh);
          return r.expect();
        },
        apply: (mm, res) => {
          if (res.body.montant_total !== total) fail('commande modifiée: montant_total', total, res.body.montant_total);
          Object.assign(mm.commandes.get(c.id)!, { lines, accompte, date_livraison: liv });
        },
      };
    },
  ),
);

const commandeAddLine = fc.record({ e: fc.nat(), p: fc.nat(), qty: fc.integer({ min: 1, max: 12 }) }).map((p) =>
  spec(
    'commandeAjout',
    `e${p.e},p${p.p}×${p.qty}`,
    (m) => canPrefer([...m.commandes.values()], (c) => !c.delivered, p.e),
    (m) => {
      const c = prefer([...m.commandes.values()], (c) => !c.delivered, p.e)!;
      const pr = pick([...m.produits.values()], p.p)!;
      return {
        label: `commandeAjout ${c.numero} #${pr.id}×${p.qty}`,
        method: 'POST',
        path: '/api/commande/addProduitToCommande',
        body: { id_commande: c.id, id_produit: pr.id, quantite: p.qty },
        race409: true,
        decide: (mm) => {
          const cc = mm.commandes.get(c.id)!;
          if (cc.delivered) return { ok: false, status: [400], messages: [MSG.commandeDelivered], why: 'déjà livrée' };
          const next = withLine(mm, cc, pr.id, p.qty);
          if (cc.accompte > next.reduce((s, l) => s + l.total, 0)) return { ok: false, status: [400], messages: [MSG.accompteTooHigh], why: 'acompte > total' };
          return OK;
        },
        apply: (mm, res) => {
          const cc = mm.commandes.get(c.id)!;
          cc.lines = withLine(mm, cc, pr.id, p.qty);
          if (res.body.montant_total !== commandeTotal(cc)) fail('commande + ligne: montant_total', commandeTotal(cc), res.body.montant_total);
        },
      };
    },
  ),
);

/** Adding a product already in the order replaces its quantity, at today's price. */
function withLine(m: Model, c: MCommande, produit: number, qty: number): MCommandeLigne[] {
  const unit = m.produits.get(produit)!.prix_vente;
  const line = { produit, qty, unit, total: unit * qty };
  const i = c.lines.findIndex((l) => l.produit === produit);
  return i >= 0 ? c.lines.map((l, j) => (j === i ? line : l)) : [...c.lines, line];
}

const commandeDelLine = fc.record({ e: fc.nat(), l: fc.nat() }).map((p) =>
  spec(
    'commandeRetrait',
    `e${p.e},l${p.l}`,
    (m) => canPrefer([...m.commandes.values()], (c) => !c.delivered, p.e),
    (m) => {
      const c = prefer([...m.commandes.values()], (c) => !c.delivered, p.e)!;
      const line = pick(c.lines, p.l)!;
      return {
        label: `commandeRetrait ${c.numero} #${line.produit}`,
        method: 'POST',
        path: '/api/commande/deleteProduitFromCommande',
        body: { id_commande: c.id, id_produit: line.produit },
        race409: true,
        decide: (mm) => {
          const cc = mm.commandes.get(c.id)!;
          if (cc.delivered) return { ok: false, status: [400], messages: [MSG.commandeDelivered], why: 'déjà livrée' };
          const rest = cc.lines.filter((l) => l.produit !== line.produit);
          if (rest.length === cc.lines.length) return { ok: false, status: [400], why: 'ligne absente' };
          if (!rest.length) return { ok: false, status: [400], messages: [MSG.commandeLastLine], why: 'dernière ligne' };
          if (cc.accompte > rest.reduce((s, l) => s + l.total, 0)) return { ok: false, status: [400], messages: [MSG.accompteTooHigh], why: 'acompte > total' };
          return OK;
        },
        apply: (mm, res) => {
          const cc = mm.commandes.get(c.id)!;
          cc.lines = cc.lines.filter((l) => l.produit !== line.produit);
          if (res.body.montant_total !== commandeTotal(cc)) fail('commande − ligne: montant_total', commandeTotal(cc), res.body.montant_total);
        },
      };
    },
  ),
);

const commandeDeliver = fc.record({ e: fc.nat() }).map((p) =>
  spec(
    'commandeLivrer',
    `e${p.e}`,
    (m) => canPrefer([...m.commandes.values()], (c) => !c.delivered, p.e),
    (m) => {
      const c = prefer([...m.commandes.values()], (c) => !c.delivered, p.e)!;
      return {
        label: `commandeLivrer ${c.numero}`,
        method: 'POST',
        path: '/api/commande/toDeliver',
        body: { id_commande: c.id },
        race409: true,
        decide: (mm) => {
          const cc = mm.commandes.get(c.id)!;
          if (cc.delivered) return { ok: false, status: [400], messages: [MSG.commandeDelivered], why: 'déjà livrée' };
          for (const l of cc.lines)
            if (mm.produits.get(l.produit)!.stock < l.qty) return { ok: false, status: [400], why: `stock de #${l.produit} < ${l.qty}` };
          return OK;
        },
        apply: (mm) => {
          const cc = mm.commandes.get(c.id)!;
          cc.delivered = true;
          cc.deliveredDay = mm.today;
          cc.deliverySeq = ++mm.seq;
          for (const l of cc.lines) {
            mm.produits.get(l.produit)!.stock -= l.qty;
            mm.lignes.push({
              id: null,
              source: 'COMMANDE',
              ref: cc.id,
              produit: l.produit,
              qty: l.qty,
              unit: l.unit,
              total: l.total,
              type: null,
              deleted: false,
              client: cc.client,
              bande: null,
              day: mm.today,
            });
          }
        },
      };
    },
  ),
);

// ── repayments ──

/** A repayment pays the client's delivered orders with a balance, oldest delivery first. */
function allocate(m: Model, client: number, montant: number): { commande: number; montant: number }[] {
  const out: { commande: number; montant: number }[] = [];
  let rest = montant;
  const owed = [...m.commandes.values()].filter((c) => c.client === client && commandeReste(c) > 0).sort((a, b) => a.deliverySeq - b.deliverySeq);
  for (const c of owed) {
    if (rest <= 0) break;
    const part = Math.min(rest, commandeReste(c));
    out.push({ commande: c.id, montant: part });
    rest -= part;
  }
  return out;
}

const versement = fc
  .record({
    c: fc.nat(),
    pct: fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 1, max: 100 }) },
      { weight: 2, arbitrary: fc.constant(100) },
      { weight: 1, arbitrary: fc.integer({ min: 101, max: 150 }) },
    ),
    saisi: saisiArb,
    key: keyArb,
  })
  .map((p) =>
    spec(
      'versement',
      `c${p.c},${p.pct}%${p.key.withKey ? ',clé' : ''}`,
      (m) => canPrefer([...m.clients.values()], (c) => creance(m, c.id) > 0, p.c),
      (m) => {
        const client = prefer([...m.clients.values()], (c) => creance(m, c.id) > 0, p.c)!;
        const montant = Math.max(1, Math.floor((creance(m, client.id) * p.pct) / 100));
        const s = saisiFor(p.saisi, m.today);
        return {
          label: `versement client #${client.id} ${montant} (créance ${creance(m, client.id)})`,
          method: 'POST',
          path: '/api/versement',
          body: { id_client: client.id, montant, ...(s ? { saisi_le: s.iso } : {}) },
          key: keyOf(p.key.withKey, p.key.nonce),
          decide: (mm) =>
            montant > creance(mm, client.id)
              ? { ok: false, status: [400], messages: [MSG.montantTooHigh], why: `${montant} > créance ${creance(mm, client.id)}` }
              : OK,
          apply: (mm, res, concurrent) => {
            const v = res.body.versement;
            // The day it counts on: the typing day when saisi_le is kept (the answer's `date`).
            answerDay('versement', v, s?.day ?? mm.today, s, mm.today);
            const aff = allocate(mm, client.id, montant);
            // The orders it paid, as the receipt names them (contract item 5: oldest delivery first).
            const got = ((v.affectations ?? []) as { id_commande: number; montant: number }[]).map((a) => [a.id_commande, a.montant]);
            if (JSON.stringify(got) !== JSON.stringify(aff.map((a) => [a.commande, a.montant])))
              fail(
                `versement de ${montant}: commandes payées [commande, montant]`,
                aff.map((a) => [a.commande, a.montant]),
                got,
              );
            for (const a of aff) mm.commandes.get(a.commande)!.regle += a.montant;
            mm.versements.set(v.id, { id: v.id, client: client.id, montant, day: s?.day ?? mm.today, canceled: false, affectations: aff });
            if (!concurrent && res.body.client?.creance !== creance(mm, client.id))
              fail(`versement: créance du client #${client.id}`, creance(mm, client.id), res.body.client?.creance);
          },
        };
      },
    ),
  );

const versementCancel = fc.record({ e: fc.nat() }).map((p) =>
  spec(
    'versementCancel',
    `e${p.e}`,
    (m) => canPrefer([...m.versements.values()], (x) => !x.canceled, p.e),
    (m) => {
      const v = prefer([...m.versements.values()], (x) => !x.canceled, p.e)!;
      return {
        label: `versementCancel #${v.id} ${v.montant}`,
        method: 'GET',
        path: `/api/versement/annuler/${v.id}`,
        decide: (mm) => (mm.versements.get(v.id)!.canceled ? { ok: false, status: [400], messages: [MSG.versementAlreadyCanceled], why: 'déjà annulé' } : OK),
        apply: (mm, res, concurrent) => {
          const vv = mm.versements.get(v.id)!;
          vv.canceled = true;
          vv.canceledDay = mm.today;
          for (const a of vv.affectations) mm.commandes.get(a.commande)!.regle -= a.montant;
          if (!concurrent && res.body.client?.creance !== creance(mm, v.client))
            fail(`versement annulé: créance du client #${v.client}`, creance(mm, v.client), res.body.client?.creance);
        },
      };
    },
  ),
);

// ── online orders (public storefront) ──

const ecomOrder = fc.record({ e: fc.nat(), pct: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 90, max: 160 })) }).map((p) =>
  spec(
    'commandeEnLigne',
    `e${p.e},${p.pct}% du stock`,
    (m) => m.produitsEcom.size > 0,
    (m) => {
      const e = pick([...m.produitsEcom.values()], p.e)!;
      const pr = m.produits.get(e.produit)!;
      const qty = Math.max(1, Math.ceil((pr.stock * p.pct) / 100));
      return {
        label: `commandeEnLigne #${e.id} (produit #${pr.id}, stock ${pr.stock}) × ${qty}`,
        method: 'POST',
        path: '/api/vitrine/commande',
        public: true,
        // A number per order: the storefront limits orders per number and seller (functions/ecommerce/vitrine-commande.ts).
        body: {
          id_entreprise: -1,
          id_produit: e.id,
          prenom: 'Awa',
          nom: 'Ndiaye',
          telephone: `77${String(1_000_000 + ((p.e * 7919 + p.pct) % 8_999_999))}`,
          adresse: 'Mbour',
          quantite: qty,
        },
        decide: (mm) => {
          const stock = mm.produits.get(e.produit)!.stock;
          return qty > stock ? { ok: false, status: [400], why: `${qty} > stock ${stock} (contrat, point 7)` } : OK;
        },
        apply: (mm, res) => {
          const numero = String(res.body.numero_commande);
          const id = Number(numero.replace(/^\D+/, ''));
          const ee = mm.produitsEcom.get(e.id)!;
          if (res.body.montant_total !== ee.prix * qty) fail('commande en ligne: montant_total', ee.prix * qty, res.body.montant_total);
          mm.commandesEcom.set(id, {
            id,
            numero,
            ecom: e.id,
            produit: e.produit,
            qty,
            unit: ee.prix,
            total: ee.prix * qty,
            paid: false,
            delivered: false,
            canceled: false,
          });
        },
      };
    },
  ),
);

/** The first time an online order is paid or delivered, it enters the takings (contract item 5). */
function ecomTakings(m: Model, id: number): void {
  const c = m.commandesEcom.get(id)!;
  m.lignes.push({
    id: null,
    source: 'ECOMMERCE',
    ref: id,
    produit: c.produit,
    qty: c.qty,
    unit: c.unit,
    total: c.total,
    type: null,
    deleted: false,
    client: null,
    bande: null,
    day: m.today,
  });
}

const ecomAction = fc.record({ e: fc.nat(), action: fc.constantFrom('payer', 'livrer', 'annuler', 'payer', 'livrer') }).map((p) =>
  spec(
    `commandeEnLigne-${p.action}`,
    `e${p.e}`,
    (m) => canPrefer([...m.commandesEcom.values()], (c) => !c.canceled && !(p.action === 'payer' ? c.paid : c.delivered), p.e),
    (m) => {
      const c = prefer(
        [...m.commandesEcom.values()],
        (c) => !c.canceled && (p.action === 'annuler' ? !c.paid && !c.delivered : p.action === 'payer' ? !c.paid : !c.delivered),
        p.e,
      )!;
      const path =
        p.action === 'payer'
          ? `/api/produit/marquerCommePayer/${c.id}`
          : p.action === 'livrer'
            ? `/api/produit/marquerCommeLivrer/${c.id}`
            : `/api/produit/cancelOnlineCommande/${c.id}`;
      return {
        label: `commandeEnLigne ${p.action} ${c.numero}`,
        method: 'GET',
        path,
        decide: (mm) => {
          const cc = mm.commandesEcom.get(c.id)!;
          if (p.action === 'annuler') {
            if (cc.canceled) return { ok: false, status: [400], messages: [MSG.ecomAlreadyCanceled], why: 'déjà annulée' };
            if (cc.paid || cc.delivered) return { ok: false, status: [400], messages: [MSG.ecomNotCancelable], why: 'payée ou livrée' };
            return OK;
          }
          if (cc.canceled) return { ok: false, status: [400], messages: [MSG.ecomCanceled], why: 'annulée' };
          if (p.action === 'payer' && cc.paid) return { ok: false, status: [400], messages: [MSG.ecomAlreadyPayed], why: 'déjà payée' };
          if (p.action === 'livrer') {
            if (cc.delivered) return { ok: false, status: [400], messages: [MSG.ecomAlreadyDelivered], why: 'déjà livrée' };
            const stock = mm.produits.get(cc.produit)!.stock;
            if (stock < cc.qty) return { ok: false, status: [400], why: `stock ${stock} < ${cc.qty}` };
          }
          return OK;
        },
        apply: (mm) => {
          const cc = mm.commandesEcom.get(c.id)!;
          if (p.action === 'annuler') cc.canceled = true;
          else {
            if (!cc.paid && !cc.delivered) ecomTakings(mm, c.id);
            if (p.action === 'payer') cc.paid = true;
            else {
              cc.delivered = true;
              mm.produits.get(cc.produit)!.stock -= cc.qty;
            }
          }
        },
      };
    },
  ),
);

const ecomEdit = fc.record({ e: fc.nat(), qty: fc.integer({ min: 1, max: 20 }), prix: fc.integer({ min: 500, max: 9000 }) }).map((p) =>
  spec(
    'commandeEnLigneEdit',
    `e${p.e},${p.qty}×${p.prix}`,
    (m) => canPrefer([...m.commandesEcom.values()], (c) => !c.canceled && !c.paid && !c.delivered, p.e),
    (m) => {
      const c = prefer([...m.commandesEcom.values()], (c) => !c.canceled && !c.paid && !c.delivered, p.e)!;
      return {
        label: `commandeEnLigneEdit ${c.numero} ${p.qty}×${p.prix}`,
        method: 'POST',
        path: '/api/produit/updateOnlineCommande',
        body: { id_commande: c.id, quantite: p.qty, prix_unitaire: p.prix },
        race409: true,
        decide: (mm) => {
          const cc = mm.commandesEcom.get(c.id)!;
          if (cc.canceled || cc.paid || cc.delivered) return { ok: false, status: [400], why: 'commande plus en attente' };
          if (p.qty > mm.produits.get(cc.produit)!.stock)
            return { either: true, why: 'quantité modifiée au-delà du stock (le contrat ne plafonne que la vitrine)' };
          return OK;
        },
        apply: (mm) => {
          Object.assign(mm.commandesEcom.get(c.id)!, { qty: p.qty, unit: p.prix, total: p.qty * p.prix });
        },
      };
    },
  ),
);

// ── treatments and their withdrawal periods (decision 0227) ──

const traitementCreate = fc
  .record({
    b: fc.nat(),
    // Mostly the last days (its windows then cover today, where most sales and slaughters are
    // dated), some any day of the batch's life, some impossible days.
    date: fc.oneof({ weight: 6, arbitrary: fc.nat({ max: 8 }).map((n): DateChoice => ({ k: 'back', n })) }, { weight: 3, arbitrary: dateArb(false) }),
    len: fc.nat({ max: 6 }),
    // Mostly a withdrawal (so that the sales drawn after it meet it), now and then 0 days: none.
    viande: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }) }),
    oeufs: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }) }),
    cout: fc.option(fc.integer({ min: 500, max: 25_000 }), { nil: null }),
    key: keyArb,
  })
  .map((p) =>
    spec(
      'traitement',
      `b${p.b}${showDate(p.date)},${p.len + 1}j,v${p.viande},o${p.oeufs}${p.cout !== null ? `,${p.cout}F` : ''}${p.key.withKey ? ',clé' : ''}`,
      (m) => m.bandes.size > 0,
      (m) => {
        const b = prefer(bandes(m), active, p.b)!;
        // A first day within the batch's life (some days back), in the future, or before its start.
        const debut = dayFor(p.date, b, m.today)!;
        const fin = addDays(debut, p.len);
        const viande = p.viande ? addDays(fin, p.viande) : null;
        const oeufs = p.oeufs ? addDays(fin, p.oeufs) : null;
        return {
          label: `traitement #${b.id} ${debut}..${fin} viande ${viande ?? '-'} œufs ${oeufs ?? '-'}${p.cout !== null ? ` ${p.cout} F` : ''}`,
          method: 'POST',
          path: '/api/sante/traitement',
          body: {
            id_bande: b.id,
            produit: 'Enrofloxacine 10 %',
            molecule: 'Enrofloxacine',
            motif: 'Colibacillose',
            debut,
            fin,
            attente_viande_jours: p.viande,
            attente_oeufs_jours: p.oeufs,
            ...(p.cout !== null ? { cout: p.cout } : {}),
          },
          key: keyOf(p.key.withKey, p.key.nonce),
          decide: (mm) => {
            const bb = mm.bandes.get(b.id)!;
            const r = new Reasons();
            activeCheck(r, bb);
            if (!r.refused && debut < bb.start) r.add('traitement avant le démarrage', 400, MSG.avantDemarrage(bb.start));
            if (!r.refused && debut > mm.today) r.add('traitement commencé dans le futur', 400, MSG.dateFuture);
            return r.expect();
          },
          apply: (mm, res) => {
            const t = res.body;
            if ((t.viande_jusqu_au ?? null) !== viande) fail('traitement: fin du délai viande (fin + jours, inclus)', viande, t.viande_jusqu_au ?? null);
            if ((t.oeufs_jusqu_au ?? null) !== oeufs) fail('traitement: fin du délai œufs (fin + jours, inclus)', oeufs, t.oeufs_jusqu_au ?? null);
            if ((t.cout ?? null) !== p.cout) fail('traitement: coût', p.cout, t.cout ?? null);
            const depense = p.cout !== null ? Number(t.id_depense) : null;
            mm.traitements.set(t.id, { id: t.id, bande: b.id, debut, fin, viande, oeufs, cout: p.cout, depense, deleted: false });
            // Its cost is the batch's « Vaccins et médicaments » expense (type 3), dated its first day.
            if (depense !== null)
              mm.depenses.set(depense, {
                id: depense,
                bande: b.id,
                id_type: 3,
                designation: 'Traitement : Enrofloxacine 10 % (Colibacillose)',
                prix: p.cout!,
                qm: 1000,
                total: p.cout!,
                day: debut,
                deleted: false,
                traitement: t.id,
              });
          },
        };
      },
    ),
  );

const traitementCancel = fc.record({ e: fc.nat() }).map((p) =>
  spec(
    'traitementCancel',
    `e${p.e}`,
    (m) => m.traitements.size > 0,
    (m) => {
      const t = prefer([...m.traitements.values()], (x) => !x.deleted, p.e)!;
      return {
        label: `traitementCancel #${t.id} (bande #${t.bande})`,
        method: 'POST',
        path: '/api/sante/traitement/annuler',
        body: { id_traitement: t.id },
        decide: (mm) => {
          const r = new Reasons();
          if (mm.traitements.get(t.id)!.deleted) r.add('traitement déjà annulé', 409, MSG.traitementDejaAnnule);
          else activeCheck(r, mm.bandes.get(t.bande)!);
          return r.expect();
        },
        apply: (mm, res) => {
          if (res.body.etat !== 'DELETED') fail('traitement annulé: état', 'DELETED', res.body.etat);
          const tt = mm.traitements.get(t.id)!;
          tt.deleted = true;
          // Its expense leaves with it (one truth).
          if (tt.depense !== null) mm.depenses.get(tt.depense)!.deleted = true;
        },
      };
    },
  ),
);

// ── a batch's health calendar: a plan given, steps done with a cost, skipped, taken back ──

const PLAN_DEFAUT = { chair: 1, pondeuse: 2 } as const;

const bandePlan = fc.record({ b: fc.nat() }).map((p) =>
  spec(
    'bandePlan',
    `b${p.b}`,
    (m) => m.bandes.size > 0,
    (m) => {
      const b = prefer(bandes(m), active, p.b)!;
      return {
        label: `bandePlan #${b.id} plan ${PLAN_DEFAUT[b.type]}`,
        method: 'POST',
        path: '/api/sante/bande/plan',
        body: { id_bande: b.id, id_plan: PLAN_DEFAUT[b.type] },
        decide: (mm) => {
          const r = new Reasons();
          if (!mm.bandes.has(b.id)) return { ok: false, status: [404], messages: ['Bande introuvable.'], why: 'bande supprimée' };
          activeCheck(r, mm.bandes.get(b.id)!);
          return r.expect();
        },
        apply: (mm) => {
          // The steps neither done nor skipped are replaced: their new ids are learned at the next reading.
          for (const e of [...mm.etapes.values()]) if (e.bande === b.id && e.etat === null) mm.etapes.delete(e.id);
          if (!mm.etapesALire.includes(b.id)) mm.etapesALire.push(b.id);
        },
      };
    },
  ),
);

/** The step a command names and the checks every step route makes first: it exists (404), the batch takes entries (400). */
function etapeCheck(r: Reasons, mm: Model, id: number): MEtape | null {
  const e = mm.etapes.get(id);
  if (!e) {
    r.add('étape remplacée ou supprimée', 404, MSG.etapeNotFound);
    return null;
  }
  return e;
}

const etapeFait = fc
  .record({
    e: fc.nat(),
    date: fc.oneof({ weight: 5, arbitrary: fc.nat({ max: 20 }).map((n): DateChoice => ({ k: 'back', n })) }, { weight: 2, arbitrary: dateArb(false) }),
    cout: fc.option(fc.integer({ min: 100, max: 30_000 }), { freq: 2, nil: null }),
    expireAvant: fc.nat({ max: 9 }),
    key: keyArb,
  })
  .map((p) =>
    spec(
      'etapeFait',
      `e${p.e}${showDate(p.date)}${p.cout !== null ? `,${p.cout}F` : ''}${p.expireAvant === 0 ? ',expirée' : ''}${p.key.withKey ? ',clé' : ''}`,
      (m) => m.etapes.size > 0,
      (m) => {
        const e = prefer([...m.etapes.values()], (x) => x.etat === null && active(m.bandes.get(x.bande)!), p.e)!;
        const b = m.bandes.get(e.bande)!;
        const date = dayFor(p.date, b, m.today)!;
        // Its expiry a year on, now and then the day before (refused).
        const expiration = addDays(date, p.expireAvant === 0 ? -1 : 365);
        return {
          label: `etapeFait #${e.id} (bande #${b.id}) le ${date}${p.cout !== null ? ` ${p.cout} F` : ''} expire ${expiration}`,
          method: 'POST',
          path: '/api/sante/etape/fait',
          body: { id_etape: e.id, date, produit: 'Vaccin HB1', lot: 'L2611', expiration, ...(p.cout !== null ? { cout: p.cout } : {}) },
          key: keyOf(p.key.withKey, p.key.nonce),
          decide: (mm) => {
            const r = new Reasons();
            const ee = etapeCheck(r, mm, e.id);
            if (!ee) return r.expect();
            if (ee.etat === 'fait') r.add('étape déjà faite', 409, MSG.etapeDejaFaite);
            else if (ee.etat === 'saute') r.add('étape déjà sautée', 409, MSG.etapeDejaSautee);
            const bb = mm.bandes.get(e.bande)!;
            activeCheck(r, bb);
            if (!r.refused && date < bb.start) r.add('avant le démarrage', 400, MSG.avantDemarrage(bb.start));
            if (!r.refused && date > mm.today) r.add('date future', 400, MSG.dateFuture);
            if (!r.refused && expiration < date) r.add('expiration avant la date', 400, MSG.expirationAvantDate);
            return r.expect();
          },
          apply: (mm, res) => {
            if (res.body.statut !== 'fait') fail('étape faite: statut', 'fait', res.body.statut);
            if ((res.body.cout ?? null) !== p.cout) fail('étape faite: coût', p.cout, res.body.cout ?? null);
            const depense = p.cout !== null ? Number(res.body.id_depense) : null;
            Object.assign(mm.etapes.get(e.id)!, { etat: 'fait', date, cout: p.cout, depense });
            // Its cost is the batch's « Vaccins et médicaments » expense (type 3), dated the day it was given.
            if (depense !== null)
              mm.depenses.set(depense, {
                id: depense,
                bande: e.bande,
                id_type: 3,
                designation: 'étape',
                prix: p.cout!,
                qm: 1000,
                total: p.cout!,
                day: date,
                deleted: false,
                etape: e.id,
              });
          },
        };
      },
    ),
  );

const etapeSauter = fc.record({ e: fc.nat() }).map((p) =>
  spec(
    'etapeSauter',
    `e${p.e}`,
    (m) => m.etapes.size > 0,
    (m) => {
      const e = prefer([...m.etapes.values()], (x) => x.etat === null, p.e)!;
      return {
        label: `etapeSauter #${e.id} (bande #${e.bande})`,
        method: 'POST',
        path: '/api/sante/etape/sauter',
        body: { id_etape: e.id, motif: 'Vaccin en rupture' },
        decide: (mm) => {
          const r = new Reasons();
          const ee = etapeCheck(r, mm, e.id);
          if (!ee) return r.expect();
          if (ee.etat === 'fait') r.add('étape déjà faite', 409, MSG.etapeDejaFaite);
          else if (ee.etat === 'saute') r.add('étape déjà sautée', 409, MSG.etapeDejaSautee);
          activeCheck(r, mm.bandes.get(e.bande)!);
          return r.expect();
        },
        apply: (mm, res) => {
          if (res.body.statut !== 'saute') fail('étape sautée: statut', 'saute', res.body.statut);
          Object.assign(mm.etapes.get(e.id)!, { etat: 'saute' });
        },
      };
    },
  ),
);

const etapeAnnuler = fc.record({ e: fc.nat() }).map((p) =>
  spec(
    'etapeAnnuler',
    `e${p.e}`,
    (m) => m.etapes.size > 0,
    (m) => {
      const e = prefer([...m.etapes.values()], (x) => x.etat !== null, p.e)!;
      return {
        label: `etapeAnnuler #${e.id} (bande #${e.bande}, ${e.etat ?? 'en attente'})`,
        method: 'POST',
        path: '/api/sante/etape/annuler',
        body: { id_etape: e.id },
        decide: (mm) => {
          const r = new Reasons();
          const ee = etapeCheck(r, mm, e.id);
          if (!ee) return r.expect();
          if (ee.etat === null) r.add('étape ni faite ni sautée', 409, MSG.etapeNonFaite);
          activeCheck(r, mm.bandes.get(e.bande)!);
          return r.expect();
        },
        apply: (mm) => {
          const ee = mm.etapes.get(e.id)!;
          // Its expense leaves with it (one truth).
          if (ee.depense !== null) mm.depenses.get(ee.depense)!.deleted = true;
          Object.assign(ee, { etat: null, date: null, cout: null, depense: null });
        },
      };
    },
  ),
);

// ── the farm's feed store: purchases, what a batch ate, their cancels (decision 0232) ──
// The model decides each refusal from its own replay of the store (model.ts `journalStock`): a
// consumption, or a purchase's cancel, that leaves ANY day below zero is a 409 naming the first one.

type UniteAliment = MAchat['unite'];
const uniteAlimentArb = fc.constantFrom<UniteAliment>('kg', 'kg', 'sac25', 'sac50', 't');
/** A quantity in its unit, in tenths (a consumption of 12.5 kg is typed so), kept to a farm's sizes. */
const tenthsFor = (u: UniteAliment, n: number): number => (u === 't' ? 5 + (n % 16) : u === 'kg' ? 10 + (n % 6000) : 10 + (n % 400));

const achatCreate = fc
  .record({
    // Mostly the last two months (the days the batches eat), now and then a future day.
    date: fc.oneof(
      { weight: 9, arbitrary: fc.nat({ max: 60 }).map((n): DateChoice => ({ k: 'back', n })) },
      { weight: 1, arbitrary: fc.nat({ max: 3 }).map((n): DateChoice => ({ k: 'future', n })) },
    ),
    unite: uniteAlimentArb,
    q: fc.nat(),
    // FCFA per kg around a broiler feed's price, and a total that is not a round figure.
    ppk: fc.integer({ min: 220, max: 480 }),
    extra: fc.nat({ max: 999 }),
    key: keyArb,
  })
  .map((p) =>
    spec(
      'achatAliment',
      `${p.unite}${showDate(p.date)},${p.ppk}F/kg${p.key.withKey ? ',clé' : ''}`,
      () => true,
      (m) => {
        const day = p.date.k === 'back' ? addDays(m.today, -p.date.n) : futureDay(m.today, p.date.k === 'future' ? p.date.n : 0);
        const quantite = tenthsFor(p.unite, p.q) / 10;
        const g = Math.round(quantite * G_PAR_UNITE[p.unite]);
        const prix = Math.round((g / 1000) * p.ppk) + p.extra;
        return {
          label: `achatAliment ${quantite} ${p.unite} (${frKg(g)} kg) ${prix} F le ${day}`,
          method: 'POST',
          path: '/api/aliment/achat',
          body: { date: day, designation: 'Aliment chair', quantite, unite: p.unite, prix_total: prix, fournisseur: 'Sedima' },
          key: keyOf(p.key.withKey, p.key.nonce),
          decide: (mm) => (day > mm.today ? new Reasons().add('achat futur', 400, MSG.dateFuture).expect() : OK),
          apply: (mm, res) => {
            const a = res.body;
            if (Math.round(a.kg * 1000) !== g) fail('achat: kg (quantité × kg de l’unité)', g / 1000, a.kg);
            if (a.prix_total !== prix || a.date !== day || a.etat !== 'ACTIVE') fail('achat: réponse', { prix, day, etat: 'ACTIVE' }, a);
            mm.achats.set(a.id, { id: a.id, day, quantite, unite: p.unite, g, prix, deleted: false });
          },
        };
      },
    ),
  );

const achatCancel = fc.record({ a: fc.nat() }).map((p) =>
  spec(
    'achatAlimentCancel',
    `a${p.a}`,
    (m) => m.achats.size > 0,
    (m) => {
      const a = prefer([...m.achats.values()], (x) => !x.deleted, p.a)!;
      return {
        label: `achatAlimentCancel #${a.id} (${frKg(a.g)} kg le ${a.day})`,
        method: 'GET',
        path: `/api/aliment/achat/delete/${a.id}`,
        decide: (mm) => {
          const r = new Reasons();
          if (mm.achats.get(a.id)!.deleted) return r.add('achat déjà annulé', 409, MSG.alimentDejaAnnule).expect();
          const sans = [...mm.achats.values()].map((x) => (x.id === a.id ? { ...x, deleted: true } : x));
          const manque = premierJourEnManque(journalStock(sans, mm.consos.values()));
          if (manque)
            r.add(`sans cet achat, le ${manque.day} manque`, 409, MSG.annulationAchat(manque.day, frKg(Math.max(0, manque.avail_g)), frKg(manque.out_g)));
          return r.expect();
        },
        apply: (mm, res) => {
          if (res.body.etat !== 'DELETED') fail('achat annulé: état', 'DELETED', res.body.etat);
          mm.achats.get(a.id)!.deleted = true;
        },
      };
    },
  ),
);

const consoCreateFields = fc.record({
  b: fc.nat(),
  // Mostly the last days (the stock is there), some any day of the batch's life, some impossible days.
  date: fc.oneof({ weight: 7, arbitrary: fc.nat({ max: 30 }).map((n): DateChoice => ({ k: 'back', n })) }, { weight: 2, arbitrary: dateArb(false) }),
  unite: fc.constantFrom<UniteAliment>('kg', 'kg', 'kg', 'sac25', 'sac50'),
  q: fc.nat(),
  key: keyArb,
});
const consoSpec = (p: typeof consoCreateFields extends fc.Arbitrary<infer T> ? T : never): Spec =>
  spec(
    'consoAliment',
    `b${p.b}${showDate(p.date)},${p.unite}${p.key.withKey ? ',clé' : ''}`,
    (m) => m.bandes.size > 0,
    (m) => {
      const b = prefer(bandes(m), active, p.b)!;
      const day = dayFor(p.date, b, m.today)!;
      // A day's ration: up to 150 kg, or a few sacks.
      const quantite = (p.unite === 'kg' ? 5 + (p.q % 1500) : 5 + (p.q % 40)) / 10;
      const g = Math.round(quantite * G_PAR_UNITE[p.unite]);
      return {
        label: `consoAliment #${b.id} ${quantite} ${p.unite} (${frKg(g)} kg) le ${day}`,
        method: 'POST',
        path: '/api/aliment/consommation',
        body: { id_bande: b.id, date: day, quantite, unite: p.unite },
        key: keyOf(p.key.withKey, p.key.nonce),
        decide: (mm) => {
          const bb = mm.bandes.get(b.id)!;
          const r = new Reasons();
          if (bb.statut !== 'ACTIVE' || bb.archived) return r.add('bande clôturée ou archivée', 400, MSG.bandeFermee).expect();
          if (day < bb.start) return r.add('avant le démarrage', 400, MSG.avantDemarrage(bb.start)).expect();
          if (day > mm.today) return r.add('consommation future', 400, MSG.dateFuture).expect();
          const avec: MConso[] = [...mm.consos.values(), { id: -1, bande: b.id, day, quantite, unite: p.unite, g, deleted: false }];
          const manque = premierJourEnManque(journalStock(mm.achats.values(), avec));
          if (manque) r.add(`stock insuffisant le ${manque.day}`, 409, MSG.stockInsuffisant(manque.day, frKg(Math.max(0, manque.avail_g)), frKg(manque.out_g)));
          return r.expect();
        },
        apply: (mm, res) => {
          const c = res.body;
          if (Math.round(c.kg * 1000) !== g || c.id_bande !== b.id || c.date !== day)
            fail('consommation: réponse', { kg: g / 1000, id_bande: b.id, date: day }, c);
          mm.consos.set(c.id, { id: c.id, bande: b.id, day, quantite, unite: p.unite, g, deleted: false });
        },
      };
    },
  );
const consoCreate = consoCreateFields.map(consoSpec);

const consoCancel = fc.record({ c: fc.nat() }).map((p) =>
  spec(
    'consoAlimentCancel',
    `c${p.c}`,
    (m) => m.consos.size > 0,
    (m) => {
      const c = prefer([...m.consos.values()], (x) => !x.deleted, p.c)!;
      return {
        label: `consoAlimentCancel #${c.id} (bande #${c.bande}, ${frKg(c.g)} kg le ${c.day})`,
        method: 'GET',
        path: `/api/aliment/consommation/delete/${c.id}`,
        // Giving feed back is never refused for stock, nor for a closed batch.
        decide: (mm) => (mm.consos.get(c.id)!.deleted ? new Reasons().add('consommation déjà annulée', 409, MSG.alimentDejaAnnule).expect() : OK),
        apply: (mm, res) => {
          if (res.body.etat !== 'DELETED') fail('consommation annulée: état', 'DELETED', res.body.etat);
          mm.consos.get(c.id)!.deleted = true;
        },
      };
    },
  ),
);

// ── a batch's daily sheet: water and temperatures of a day, saved again: replaced ──

const ficheSaveFields = fc.record({
  b: fc.nat(),
  date: fc.oneof({ weight: 6, arbitrary: fc.nat({ max: 10 }).map((n): DateChoice => ({ k: 'back', n })) }, { weight: 2, arbitrary: dateArb(false) }),
  // Litres per bird alive in thousandths: mostly a broiler's 0.05–0.4 L, now and then past the plausible 1 L.
  lpb: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 50, max: 400 }) }, { weight: 1, arbitrary: fc.integer({ min: 1001, max: 1500 }) }),
  sansEau: fc.boolean(),
  tmin: fc.integer({ min: 18, max: 26 }),
  ecart: fc.nat({ max: 12 }),
  key: keyArb,
});
const ficheSpec = (p: typeof ficheSaveFields extends fc.Arbitrary<infer T> ? T : never): Spec =>
  spec(
    'fiche',
    `b${p.b}${showDate(p.date)}${p.sansEau ? ',sans eau' : `,${p.lpb / 1000}L/sujet`}${p.key.withKey ? ',clé' : ''}`,
    (m) => m.bandes.size > 0,
    (m) => {
      const b = prefer(bandes(m), (x) => !x.archived, p.b)!;
      const day = dayFor(p.date, b, m.today)!;
      const vivants = Math.max(0, vivantsLe(m, b, day));
      // The litres of a day for the birds alive now on that day (an integer, as a farm reads its meter).
      const eau = p.sansEau ? null : Math.floor((Math.max(vivants, 1) * p.lpb) / 1000);
      const tmax = p.tmin + p.ecart;
      return {
        label: `fiche #${b.id} le ${day} eau ${eau ?? '-'} L (${vivants} vivants) ${p.tmin}–${tmax} °C`,
        method: 'POST',
        path: '/api/bande/fiche',
        body: { id_bande: b.id, date: day, ...(eau !== null ? { eau_litres: eau } : {}), temp_min: p.tmin, temp_max: tmax },
        key: keyOf(p.key.withKey, p.key.nonce),
        decide: (mm) => {
          const bb = mm.bandes.get(b.id)!;
          const r = new Reasons();
          if (bb.archived) return r.add('bande archivée', 400, MSG.bandeArchivee).expect();
          if (day > mm.today) return r.add('fiche future', 400, MSG.dateFuture).expect();
          if (day < bb.start) return r.add('fiche avant le démarrage', 400, MSG.avantDemarrage(bb.start)).expect();
          if (bb.statut !== 'ACTIVE' && bb.closedDay && day > bb.closedDay)
            return r.add('fiche après la clôture', 400, MSG.apresCloture(bb.closedDay)).expect();
          const v = Math.max(0, vivantsLe(mm, bb, day));
          if (eau !== null && eau > 0) {
            if (v === 0) return r.add('eau sans sujet vivant', 400, MSG.eauSansSujets).expect();
            if (eau > v * EAU_MAX_PAR_SUJET)
              return r.add('eau au-delà du plausible', 400, MSG.eauTropGrande(frKg(v * EAU_MAX_PAR_SUJET * 1000), frKg(v * 1000))).expect();
          }
          return r.expect();
        },
        apply: (mm, res) => {
          if (res.body.date !== day || (res.body.eau_litres ?? null) !== eau) fail('fiche: réponse', { date: day, eau }, res.body);
          mm.fiches.set(`${b.id}:${day}`, { bande: b.id, day, eau, tmin: p.tmin, tmax });
        },
      };
    },
  );
const ficheSave = ficheSaveFields.map(ficheSpec);

// ── the daily round: one batch's day — its losses, eggs (layers), feed and sheet — typed in one walk ──

/** What a round types: the batch (an active one), a day of the last ten, and each part's own figures. */
export const tourneeArb = fc.record({
  b: fc.nat(),
  jour: fc.nat({ max: 10 }),
  perte: perteCreateFields,
  collecte: collecteCreateFields,
  conso: consoCreateFields,
  fiche: ficheSaveFields,
});
export type Tournee = typeof tourneeArb extends fc.Arbitrary<infer T> ? T : never;

/** The number that makes `prefer(xs, good, n)` name `x` (n % 5 ≠ 0: the good ones), or null when it is not among them. */
function naming<T>(xs: readonly T[], good: (x: T) => boolean, x: T): number | null {
  const ok = xs.filter(good);
  const i = ok.indexOf(x);
  if (i < 0) return null;
  for (let n = 1; ; n++) if (n % ok.length === i && n % 5 !== 0) return n;
}

export const tourneeNeeds = (m: Model, t: Tournee): boolean => bandes(m).some(active) && t.b >= 0;

/** The round's parts, each the harness's own write aimed at the same batch and day (eggs only for a layer batch). */
export function tourneeSpecs(m: Model, t: Tournee): Spec[] {
  const b = prefer(bandes(m), active, t.b % 5 === 0 ? t.b + 1 : t.b)!;
  const date: DateChoice = { k: 'back', n: t.jour };
  const n = naming(bandes(m), active, b)!;
  const parts = [
    perteSpec({ ...t.perte, b: n, date }),
    consoSpec({ ...t.conso, b: n, date }),
    ficheSpec({ ...t.fiche, b: naming(bandes(m), (x) => !x.archived, b)!, date }),
  ];
  const pondeuses = bandes(m).filter((x) => x.type === 'pondeuse');
  if (b.type === 'pondeuse') parts.splice(1, 0, collecteSpec({ ...t.collecte, b: naming(pondeuses, active, b)!, date }));
  return parts;
}

/** The store's writes alone: the harness also sends them at once with each other (steps.ts). */
export const ALIMENT_WRITES: { weight: number; arbitrary: fc.Arbitrary<Spec> }[] = [
  { weight: 3, arbitrary: achatCreate },
  { weight: 1, arbitrary: achatCancel },
  { weight: 5, arbitrary: consoCreate },
  { weight: 1, arbitrary: consoCancel },
];
export const alimentWriteArb: fc.Arbitrary<Spec> = fc.oneof(...ALIMENT_WRITES);

/**
 * What moves a layer batch's egg stock and the products it feeds: the harness also sends
 * them at once with each other (steps.ts) — collections, egg sales, breakage, moves, their cancels
 * and the shop's sales of what was moved racing on one batch's revision and one product's stock.
 */
export const OEUFS_WRITES: { weight: number; arbitrary: fc.Arbitrary<Spec> }[] = [
  { weight: 2, arbitrary: collecteCreate },
  { weight: 1, arbitrary: collecteCancel },
  { weight: 2, arbitrary: venteBCreate },
  { weight: 2, arbitrary: casseCreate },
  { weight: 1, arbitrary: casseCancel },
  { weight: 4, arbitrary: transfertCreate },
  { weight: 2, arbitrary: transfertCancel },
  { weight: 3, arbitrary: venteBoutique },
];
export const oeufsWriteArb: fc.Arbitrary<Spec> = fc.oneof(...OEUFS_WRITES);

// ── the menu of writes ──

/** Writes with their weights; CI and long mode draw from the same menu. */
export const WRITES: { weight: number; arbitrary: fc.Arbitrary<Spec> }[] = [
  { weight: 3, arbitrary: bandeCreate },
  { weight: 1, arbitrary: bandeEdit },
  { weight: 1, arbitrary: bandeClose },
  { weight: 1, arbitrary: bandeArchive },
  { weight: 1, arbitrary: bandeDelete },
  { weight: 4, arbitrary: depenseCreate },
  { weight: 1, arbitrary: depenseEdit },
  { weight: 1, arbitrary: depenseCancel },
  { weight: 4, arbitrary: venteBCreate },
  { weight: 1, arbitrary: venteBEdit },
  { weight: 1, arbitrary: venteBCancel },
  { weight: 4, arbitrary: perteCreate },
  { weight: 1, arbitrary: perteCancel },
  { weight: 2, arbitrary: pesageCreate },
  { weight: 1, arbitrary: pesageEdit },
  { weight: 1, arbitrary: pesageCancel },
  { weight: 3, arbitrary: collecteCreate },
  { weight: 1, arbitrary: collecteEdit },
  { weight: 1, arbitrary: collecteCancel },
  { weight: 2, arbitrary: abattageCreate },
  { weight: 1, arbitrary: abattageEdit },
  { weight: 1, arbitrary: abattageCancel },
  // A layer batch's eggs: breakage, moves to the shop, their cancels.
  { weight: 2, arbitrary: casseCreate },
  { weight: 1, arbitrary: casseCancel },
  { weight: 4, arbitrary: transfertCreate },
  { weight: 1, arbitrary: transfertCancel },
  { weight: 2, arbitrary: produitCreate },
  { weight: 1, arbitrary: produitEdit },
  { weight: 2, arbitrary: reappro },
  { weight: 1, arbitrary: reapproCancel },
  { weight: 1, arbitrary: ajustement },
  { weight: 1, arbitrary: clientCreate },
  { weight: 6, arbitrary: venteBoutique },
  { weight: 2, arbitrary: annulerVente },
  { weight: 2, arbitrary: commandeCreate },
  { weight: 1, arbitrary: commandeEdit },
  { weight: 1, arbitrary: commandeAddLine },
  { weight: 1, arbitrary: commandeDelLine },
  { weight: 2, arbitrary: commandeDeliver },
  { weight: 2, arbitrary: versement },
  { weight: 1, arbitrary: versementCancel },
  { weight: 2, arbitrary: ecomOrder },
  { weight: 2, arbitrary: ecomAction },
  { weight: 1, arbitrary: ecomEdit },
  { weight: 3, arbitrary: traitementCreate },
  { weight: 1, arbitrary: traitementCancel },
  { weight: 1, arbitrary: bandePlan },
  { weight: 3, arbitrary: etapeFait },
  { weight: 1, arbitrary: etapeSauter },
  { weight: 1, arbitrary: etapeAnnuler },
  ...ALIMENT_WRITES,
  { weight: 3, arbitrary: ficheSave },
];

export const writeArb: fc.Arbitrary<Spec> = fc.oneof(...WRITES);
