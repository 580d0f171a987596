// After every step of the reconciliation harness: read every figure the product shows through its
// API, derive what the screens display from the answers exactly as the screens do (the product's
// own display functions: shared/formulas/ batchFigures / batchIndicators / expensesByType /
// results, web/src/lib/csv.ts for the exports — this file is the product's side), and compare each
// with the model's plain arithmetic (model.ts, which imports none of them). A difference is a
// Mismatch naming the figure, what the model expected and what the product showed.
import { batchFigures as productBatchFigures, batchIndicators, expensesByType, oeufsVendus, productionCost, results, sujetsVendus } from '@shared/formulas';
import { rejouerOeufs, rupturesOeufs, type MouvementOeufs } from '@shared/formulas/oeufs';
import type { Res } from '../../helpers/api';
import { Mismatch } from './commands';
import { checkExports } from './exports';
import {
  addDays,
  arrondiFcfa,
  attenteLe,
  batchFigures,
  commandeTotal,
  creance,
  creanceAu,
  plusAncienneDette,
  dashboardCards,
  etatEcom,
  etatPaiement,
  lignesBetween,
  monthFigures,
  oeufsNonCommercialisables,
  oeufsParMain,
  stockOeufs,
  periodFigures,
  alimentDe,
  indiceDe,
  storeOf,
  takings,
  type Day,
  type MLigne,
  type Model,
} from './model';
import type { Real } from './real';

/** How many batch FCRs were compared with the model over a run: a figure, or « missing » on both sides. */
export const indicesVus = { valeurs: 0, absents: 0 };

/** A small deterministic generator (mulberry32) for the ranges a step looks at, from the step's own seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Diffs {
  readonly list: string[] = [];
  eq(what: string, expected: unknown, got: unknown): void {
    if (JSON.stringify(expected) !== JSON.stringify(got)) this.list.push(`${what}: attendu ${JSON.stringify(expected)}, obtenu ${JSON.stringify(got)}`);
  }
  /** Multisets of rows, each as a readable key. */
  same(what: string, expected: string[], got: string[]): void {
    const e = [...expected].sort();
    const g = [...got].sort();
    if (JSON.stringify(e) === JSON.stringify(g)) return;
    const missing = e.filter((x) => {
      const i = g.indexOf(x);
      if (i >= 0) {
        g.splice(i, 1);
        return false;
      }
      return true;
    });
    this.list.push(`${what}: manquant ${JSON.stringify(missing)}, en trop ${JSON.stringify(g)}`);
  }
}

const ok = (what: string, r: Res): any => {
  if (r.status !== 200) throw new Mismatch(`lecture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};
/** The day an entry counts on, as the product answers it (contract: every answer carries `date`). */
const dayOf = (e: any): Day => String(e.date ?? e.created_at ?? '').slice(0, 10);
/** A rate or per-bird cost shown with 2 decimals, as integer hundredths. */
const h = (x: number | null | undefined): number | null => (x === null || x === undefined ? null : Math.round(x * 100));

/**
 * What a figure rounded once from an unrounded value must show (`scale` 1: whole FCFA, 100: two
 * decimals): half away from zero, as an accountant rounds. The model's value is first taken to the
 * millionth, so that its own float noise cannot move a true half (10 801.5 summed day by day is
 * 10 801.4999… in floats): a product that rounds a true half down is wrong, and is caught.
 */
export function arrondi(exact: number, scale = 1): number {
  return arrondiFcfa(exact * scale) / scale;
}

/** A ledger line's readable key: everything a history row shows, and what it belongs to. */
function lineKey(l: {
  day: Day;
  source: string;
  ref: number | null;
  id: number | null;
  produit: number;
  qty: number;
  unit: number;
  total: number;
  type: string | null;
  deleted: boolean;
}): string {
  const who = l.source === 'BOUTIQUE' ? `#${l.id}` : `cmd ${l.ref}`;
  return `${l.day} ${l.source} ${who} p${l.produit} ${l.qty}×${l.unit}=${l.total}${l.source === 'BOUTIQUE' ? ` ${l.type}` : ''}${l.deleted ? ' ANNULÉE' : ''}`;
}
function apiLine(v: any) {
  const source = String(v.source ?? 'BOUTIQUE');
  const ref = source === 'COMMANDE' ? Number(v.id_commande) : source === 'ECOMMERCE' ? Number(v.id_commande_ecom) : null;
  return {
    id: Number(v.id),
    day: dayOf(v),
    source,
    ref,
    produit: Number(v.id_produit),
    qty: v.quantite,
    unit: v.prix_unitaire,
    total: v.total,
    type: v.type ?? null,
    deleted: v.etat === 'DELETED',
  };
}

/** Reads everything and compares; throws one Mismatch listing every difference. */
export async function verify(m: Model, r: Real, probe: number, after: string): Promise<void> {
  const diffs = compare(m, await read(m, r, probe));
  if (diffs.length) throw new Mismatch(`après « ${after} » :\n  - ${diffs.join('\n  - ')}`);
}

export type Readings = Awaited<ReturnType<typeof read>>;

/** Every answer a step compares, read at once (the ranges it looks at drawn from the step's seed). */
export async function read(m: Model, r: Real, probe: number) {
  const rand = rng(probe);
  const today = m.today;
  const bandes = [...m.bandes.values()];
  // Ranges this step looks at: today, and a random stretch of the last three years (a few days to 14 months).
  const a = addDays(today, -Math.floor(rand() * 1100));
  const hist = { debut: a, fin: addDays(a, Math.floor(rand() * 60)) };
  const p1 = addDays(today, -Math.floor(rand() * 1200));
  const per = { debut: p1, fin: addDays(p1, Math.floor(rand() * 430)) };
  const years = [...new Set([Number(today.slice(0, 4)), Number(today.slice(0, 4)) - 1 - Math.floor(rand() * 3)])];
  // Now and then a period the server must refuse (reversed, or longer than 5 years): a French 400, never figures.
  const refusedPeriod = rand() < 0.15 ? (rand() < 0.5 ? { debut: per.fin, fin: addDays(per.debut, -1) } : { debut: addDays(today, -2000), fin: today }) : null;

  const [list, details, produits, reappros, clients, commandes, versements, ecom, histToday, histRange, periode, periodeAll, refused, ...mois] =
    await Promise.all([
      // Archived batches too (flagged): the model keeps them.
      r.send('GET', '/api/bande?archives=1'),
      Promise.all(
        bandes.map(async (b) => ({
          b,
          detail: await r.send('GET', `/api/bande/${b.id}`),
          collectes: b.type === 'pondeuse' ? await r.send('GET', `/api/bande/collect/get/${b.id}`) : null,
          // Its health record: the treatments and the withdrawals running today.
          sante: await r.send('GET', `/api/sante/bande/${b.id}`),
          // Its days: the sheets and the feed eaten from the store.
          fiches: await r.send('GET', `/api/bande/fiche/${b.id}`),
          // A layer batch's egg stock, where its eggs went and its movements.
          oeufs: b.type === 'pondeuse' ? await r.send('GET', `/api/bande/oeufs/${b.id}`) : null,
        })),
      ),
      r.send('GET', '/api/produit'),
      r.send('GET', '/api/produit/reappro/get'),
      r.send('GET', '/api/clients'),
      r.send('GET', '/api/commande'),
      r.send('GET', '/api/versement'),
      r.send('GET', '/api/produit/onlineCommande'),
      r.send('POST', '/api/vente/boutique', { debut: today, fin: today }),
      r.send('POST', '/api/vente/boutique', hist),
      r.send('GET', `/api/dashboard/periode/${per.debut}/${per.fin}`),
      r.send('GET', `/api/dashboard/periode/${addDays(today, -1500)}/${today}`),
      refusedPeriod ? r.send('GET', `/api/dashboard/periode/${refusedPeriod.debut}/${refusedPeriod.fin}`) : null,
      ...years.map((y) => r.send('GET', `/api/dashboard/mois/${y}`)),
    ]);
  // The farm's feed store: its days, purchases and the consumptions of the last 366 days.
  const [stock, achats, consos] = await Promise.all([
    r.send('GET', '/api/aliment/stock'),
    r.send('GET', '/api/aliment/achat'),
    r.send('GET', `/api/aliment/consommation?debut=${addDays(today, -365)}&fin=${today}`),
  ]);
  // A client's account: the follow-up list; every client's statement over the last 45
  // days (sales typed offline reach 31 days back); one client's over a random stretch ending on a random day.
  const clientIds = [...m.clients.keys()];
  const finR = addDays(today, -Math.floor(rand() * 40));
  const releveR = clientIds.length
    ? { client: clientIds[Math.floor(rand() * clientIds.length)], debut: addDays(finR, -Math.floor(rand() * 40)), fin: finR }
    : null;
  const debutComptes = addDays(today, -45);
  const [relances, releveRange, ...releves] = await Promise.all([
    r.send('GET', '/api/relances'),
    releveR ? r.send('GET', `/api/client/releve/${releveR.client}/${releveR.debut}/${releveR.fin}`) : null,
    ...clientIds.map((id) => r.send('GET', `/api/client/releve/${id}/${debutComptes}/${today}`)),
  ]);
  return {
    today,
    hist,
    per,
    years,
    refusedPeriod,
    list,
    details: details.map((x) => ({ id: x.b.id, detail: x.detail, collectes: x.collectes, sante: x.sante, fiches: x.fiches, oeufs: x.oeufs })),
    produits,
    reappros,
    clients,
    commandes,
    versements,
    ecom,
    histToday,
    histRange,
    periode,
    periodeAll,
    refused,
    mois,
    aliment: { stock, achats, consos },
    comptes: { relances, releveR, releveRange, debutComptes, releves: clientIds.map((id, k) => ({ id, res: releves[k] })) },
  };
}

/** The differences between the model and what the product showed (none: they agree). Learns the ids of lines the model wrote without one. */
const joursEntre = (a: Day, b: Day): number => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * Each client's statement against the model's debt day by day (on every day the model or
 * the statement has a movement, the statement's balance at the end of that day — its last line's,
 * else its opening — is the model's debt that day), its closing today = the creance GET api/clients
 * shows; a random stretch's opening and closing; the follow-up list (who owes, how much, the oldest
 * unpaid day by first in first out, its age, oldest first).
 */
function compareComptes(m: Model, x0: Readings, cl: any[], d: Diffs): void {
  const { today } = x0;
  const { relances, releveR, releveRange, debutComptes, releves } = x0.comptes;
  for (const { id, res } of releves) {
    const rel = ok(`relevé client #${id}`, res as Res);
    const fin = new Map<Day, number>();
    for (const l of rel.lignes as { date: Day; solde: number }[]) fin.set(l.date, l.solde);
    const jours = new Set<Day>(fin.keys());
    for (const l of m.lignes) if (l.client === id && l.source === 'BOUTIQUE' && l.type === 'EMPRUNT') [l.day, l.deletedDay].forEach((j) => j && jours.add(j));
    for (const c of m.commandes.values()) if (c.client === id && c.deliveredDay) jours.add(c.deliveredDay);
    for (const v of m.versements.values()) if (v.client === id) [v.day, v.canceledDay].forEach((j) => j && jours.add(j));
    const attendu: string[] = [];
    const montre: string[] = [];
    let solde = rel.solde_ouverture as number;
    for (const j of [...jours].filter((x) => x >= debutComptes && x <= today).sort()) {
      solde = fin.get(j) ?? solde;
      attendu.push(`${j} ${creanceAu(m, id, j)}`);
      montre.push(`${j} ${solde}`);
    }
    d.eq(`relevé client #${id} [ouverture au ${debutComptes}]`, creanceAu(m, id, addDays(debutComptes, -1)), rel.solde_ouverture);
    d.eq(`relevé client #${id} [solde en fin de jour]`, attendu, montre);
    d.eq(`relevé client #${id} [clôture = créance de GET api/clients]`, cl.find((c) => c.id === id)?.creance, rel.solde_cloture);
  }
  if (releveR) {
    const rr = ok('relevé (période)', releveRange as Res);
    d.eq(
      `relevé client #${releveR.client} du ${releveR.debut} au ${releveR.fin} [ouverture, clôture]`,
      [creanceAu(m, releveR.client, addDays(releveR.debut, -1)), creanceAu(m, releveR.client, releveR.fin)],
      [rr.solde_ouverture, rr.solde_cloture],
    );
  }
  const attendues = [...m.clients.values()]
    .filter((c) => creance(m, c.id) > 0)
    .map((c) => ({ id: c.id, creance: creance(m, c.id), jour: plusAncienneDette(m, c.id) }))
    .sort((a, b) => (a.jour !== b.jour ? (a.jour === null ? 1 : b.jour === null ? -1 : a.jour < b.jour ? -1 : 1) : b.creance - a.creance || a.id - b.id));
  d.eq(
    'relances [client, créance, plus ancienne dette, âge] (la plus ancienne d’abord)',
    attendues.map((x) => `#${x.id} ${x.creance} ${x.jour} ${x.jour === null ? null : joursEntre(x.jour, today)}`),
    (ok('relances', relances) as any[]).map((l) => `#${l.client.id} ${l.creance} ${l.plus_ancienne} ${l.age_jours}`),
  );
}

export function compare(m: Model, x0: Readings): string[] {
  const {
    today,
    hist,
    per,
    years,
    refusedPeriod,
    list,
    details,
    produits,
    reappros,
    clients,
    commandes,
    versements,
    ecom,
    histToday,
    histRange,
    periode,
    periodeAll,
    refused,
    mois,
    aliment,
  } = x0;
  const d = new Diffs();
  const bandes = [...m.bandes.values()];

  // ── batches: the list's running totals, then each detail as its screen shows it ──
  const listed: any[] = ok('bandes', list);
  d.eq(
    'bandes: identifiants',
    bandes.map((b) => b.id).sort((x, y) => x - y),
    listed.map((b) => b.id).sort((x, y) => x - y),
  );
  const detailAnswers: { id: number; detail: any }[] = [];
  for (const { id, detail, collectes, sante, fiches, oeufs } of details) {
    const b = m.bandes.get(id);
    if (!b) continue; // named by the identifiers' difference above
    const f = batchFigures(m, b);
    const row = listed.find((x) => x.id === b.id);
    const W = `bande #${b.id} (${b.type})`;
    if (row) {
      d.eq(`${W} liste: nb_sujet`, b.nb_sujet, row.nb_sujet);
      d.eq(`${W} liste: statut`, b.statut, row.statut);
      d.eq(`${W} liste: archivée`, b.archived, row.archive === true);
      d.eq(`${W} liste: date de démarrage`, b.start, String(row.date_demarage).slice(0, 10));
      d.eq(`${W} liste: pertes`, f.pertes, row.nb_perte);
      // The typed expenses (the BANDE item's total); the feed from the store beside them.
      d.eq(`${W} liste: dépenses`, f.saisies, row.depense);
      d.eq(`${W} liste: aliment du stock (kg)`, f.alimentG / 1000, row.aliment_kg ?? 0);
      d.eq(`${W} liste: coût de l'aliment du stock`, arrondi(f.alimentCout), row.cout_aliment ?? 0);
      d.eq(`${W} liste: chiffre d'affaires`, f.chiffreAffaire, row.chiffre_affaire);
      // nb_vendu: a broiler batch's birds, a layer batch's eggs; nb_reforme: a layer batch's hens sold.
      d.eq(`${W} liste: nb_vendu`, b.type === 'chair' ? f.vendus : f.oeufsVendus, row.nb_vendu);
      d.eq(`${W} liste: nb_reforme`, b.type === 'chair' ? 0 : f.vendus, row.nb_reforme ?? 0);
      d.eq(`${W} liste: sujets abattus`, f.abattus, row.nb_abattu ?? 0);
    }
    const x = ok(W, detail);
    detailAnswers.push({ id: b.id, detail: x });
    const cols: any[] = collectes ? ok(`${W} collectes`, collectes) : [];
    // ── its treatments and the withdrawals running today (decision 0227) ──
    const sb = ok(`${W} santé`, sante);
    const trtKey = (t: {
      id: number;
      debut: Day;
      fin: Day;
      viande: Day | null;
      oeufs: Day | null;
      cout: number | null;
      depense: number | null;
      deleted: boolean;
    }) =>
      `#${t.id} ${t.debut}..${t.fin} viande→${t.viande ?? '-'} œufs→${t.oeufs ?? '-'} coût ${t.cout ?? '-'} dépense ${t.depense ?? '-'}${t.deleted ? ' annulé' : ''}`;
    d.same(
      `${W} traitements`,
      [...m.traitements.values()].filter((t) => t.bande === b.id).map(trtKey),
      (sb.traitements as any[]).map((t) =>
        trtKey({
          id: t.id,
          debut: t.debut,
          fin: t.fin,
          viande: t.viande_jusqu_au ?? null,
          oeufs: t.oeufs_jusqu_au ?? null,
          cout: t.cout ?? null,
          depense: t.id_depense ?? null,
          deleted: t.etat === 'DELETED',
        }),
      ),
    );
    // Its calendar's steps: a batch just given a plan has its new pending steps learned here (their
    // ids and days are the plan's, tested by the plans' own tests); then each step's state, day and
    // cost, and the expense it became, must agree.
    const etapes: any[] = sb.etapes;
    const alire = m.etapesALire.indexOf(b.id);
    if (alire >= 0) {
      m.etapesALire.splice(alire, 1);
      for (const e of etapes)
        if (!m.etapes.has(e.id) && e.statut !== 'fait' && e.statut !== 'saute')
          m.etapes.set(e.id, { id: e.id, bande: b.id, etat: null, date: null, cout: null, depense: null });
    }
    const etapeKey = (e: { id: number; etat: string | null; date: Day | null; cout: number | null; depense: number | null }) =>
      `#${e.id} ${e.etat ?? 'en attente'}${e.date ? ` le ${e.date}` : ''}${e.cout !== null ? ` coût ${e.cout} dépense ${e.depense}` : ''}`;
    d.same(
      `${W} étapes`,
      [...m.etapes.values()].filter((e) => e.bande === b.id).map(etapeKey),
      etapes.map((e) =>
        etapeKey({
          id: e.id,
          etat: e.statut === 'fait' || e.statut === 'saute' ? e.statut : null,
          date: e.statut === 'fait' ? e.date : null,
          cout: e.cout ?? null,
          depense: e.id_depense ?? null,
        }),
      ),
    );
    const enCours = { viande: attenteLe(m, b.id, today, 'viande'), oeufs: attenteLe(m, b.id, today, 'oeufs') };
    d.eq(`${W} délai d'attente en cours (fiche)`, enCours, { viande: x.attente?.viande_jusqu_au ?? null, oeufs: x.attente?.oeufs_jusqu_au ?? null });
    d.eq(`${W} délai d'attente en cours (santé)`, enCours, { viande: sb.attente?.viande_jusqu_au ?? null, oeufs: sb.attente?.oeufs_jusqu_au ?? null });
    d.eq(`${W} fiche: aliment du stock (kg)`, f.alimentG / 1000, x.aliment_kg ?? 0);
    d.eq(`${W} fiche: coût de l'aliment du stock`, arrondi(f.alimentCout), x.cout_aliment ?? 0);
    d.same(
      `${W} fiche: consommations du stock`,
      [...m.consos.values()].filter((c) => c.bande === b.id).map((c) => `#${c.id} ${c.g / 1000} kg le ${c.day}${c.deleted ? ' annulée' : ''}`),
      ((x.aliment?.consommations ?? []) as any[]).map((c) => `#${c.id} ${c.kg} kg le ${c.date}${c.etat === 'DELETED' ? ' annulée' : ''}`),
    );
    // Its days: each sheet as last saved, and the feed it ate from the store each day.
    const joursVus: any[] = ok(`${W} fiches`, fiches);
    const mangeLe = new Map<Day, number>();
    for (const c of m.consos.values()) if (c.bande === b.id && !c.deleted) mangeLe.set(c.day, (mangeLe.get(c.day) ?? 0) + c.g);
    const ficheLe = new Map([...m.fiches.values()].filter((f) => f.bande === b.id).map((f) => [f.day, f]));
    d.same(
      `${W} jours [date, eau, températures, aliment du stock]`,
      [...new Set([...ficheLe.keys(), ...mangeLe.keys()])].map((day) => {
        const f = ficheLe.get(day);
        return `${day} eau ${f?.eau ?? '-'} ${f ? `${f.tmin}–${f.tmax}` : '-'} aliment ${mangeLe.has(day) ? mangeLe.get(day)! / 1000 : '-'}`;
      }),
      joursVus.map(
        (j) => `${j.date} eau ${j.eau_litres ?? '-'} ${j.temp_min !== undefined ? `${j.temp_min}–${j.temp_max}` : '-'} aliment ${j.aliment_kg ?? '-'}`,
      ),
    );
    const shown = productBatchFigures(x);
    const ind = batchIndicators({ ...x, collectes: cols }, x.pertes);
    // The FCR on the kg it ate, as the detail answers it and as its card shows it (the model's
    // rounding to 10 g of feed and to the thousandth, so a last-digit tie is not a mismatch).
    const ic = indiceDe(m, b);
    if (ic !== undefined) {
      if (ic === null) indicesVus.absents++;
      else indicesVus.valeurs++;
      const near = (v: number | null) => (ic === null ? v === null : v !== null && Math.abs(v - ic) < 0.0015);
      const api = typeof x.indice_consommation === 'number' ? x.indice_consommation : null;
      if (!near(api)) d.eq(`${W} fiche: indice de consommation`, ic, api);
      const carte = 'value' in ind.ic ? ind.ic.value : null;
      if (!near(carte)) d.eq(`${W} carte Indice de consommation`, ic, carte);
    }
    d.eq(`${W} carte Dépenses`, f.depenses, shown.depenses);
    d.eq(`${W} carte Chiffre d'affaires`, f.chiffreAffaire, shown.chiffreAffaire);
    d.eq(`${W} carte Mortalité`, f.pertes, shown.pertes);
    d.eq(`${W} carte Taux de mortalité (centièmes de %)`, f.tauxMortalite, h(shown.tauxMortalite));
    d.eq(`${W} carte Coût de production (centimes)`, f.coutProduction, h(shown.coutProduction));
    d.eq(`${W} carte Bénéfice`, f.benefice, shown.benefice);
    d.eq(`${W} carte Taux de rentabilité (centièmes de %)`, f.tauxRentabilite, h(shown.tauxRentabilite));
    d.eq(`${W} carte Sujets vendus`, f.vendus, sujetsVendus(x));
    d.eq(`${W} carte Œufs vendus`, f.oeufsVendus, oeufsVendus(x));
    d.eq(`${W} carte Sujets abattus`, f.abattus, x.nb_abattu ?? 0);
    d.eq(`${W} Sujets vivants`, f.vivants, ind.vivants);
    const groups = new Map(expensesByType(x.depenses).map((g) => [g.id_type_depense, [g.total, h(g.pourcentage)] as [number, number | null]]));
    d.eq(
      `${W} dépenses par type [total, part]`,
      [...f.parType].sort(([p], [q]) => p - q),
      [...groups].sort(([p], [q]) => p - q),
    );
    // Entries, each with the day it counts on.
    d.same(
      `${W} dépenses`,
      [...m.depenses.values()].filter((e) => e.bande === b.id && !e.deleted).map((e) => `#${e.id} ${e.total} le ${e.day}`),
      x.depenses.map((e: any) => `#${e.id} ${e.prix_total} le ${dayOf(e)}`),
    );
    d.same(
      `${W} pertes`,
      [...m.pertes.values()].filter((e) => e.bande === b.id && !e.deleted).map((e) => `#${e.id} ${e.nombre} le ${e.day}`),
      x.pertes.map((e: any) => `#${e.id} ${e.nombre} le ${dayOf(e)}`),
    );
    const venteKey = (v: { shopLine: number | null; id: number | null; qty: number; total: number; day: Day; deleted: boolean }) =>
      `${v.shopLine !== null ? `boutique ${v.shopLine}` : `#${v.id}`} ${v.qty} ${v.total} le ${v.day}${v.deleted ? ' annulée' : ''}`;
    d.same(
      `${W} ventes`,
      m.ventesB.filter((v) => v.bande === b.id).map(venteKey),
      x.ventes.map((v: any) =>
        venteKey({ shopLine: v.id_vente_boutique ?? null, id: v.id, qty: v.quantite, total: v.prix_total, day: dayOf(v), deleted: v.etat === 'DELETED' }),
      ),
    );
    // Learn the ids of the batch entries a shop sale wrote (they can then be named by a cancel).
    for (const v of m.ventesB)
      if (v.bande === b.id && v.id === null && v.shopLine !== null) v.id = x.ventes.find((y: any) => y.id_vente_boutique === v.shopLine)?.id ?? null;
    d.same(
      `${W} pesages`,
      [...m.pesages.values()].filter((e) => e.bande === b.id && !e.deleted).map((e) => `#${e.id} ${e.poids}${e.unite} n=${e.echantillon} le ${e.day}`),
      x.pesages
        .filter((e: any) => e.etat !== 'DELETED')
        .map((e: any) => `#${e.id} ${e.poids_moyen}${e.unite} n=${e.echantillon} le ${String(e.date_prise).slice(0, 10)}`),
    );
    if (b.type === 'pondeuse') {
      // A collection dated inside an egg withdrawal is shown « non commercialisable ».
      d.same(
        `${W} collectes`,
        [...m.collectes.values()]
          .filter((e) => e.bande === b.id && !e.deleted)
          .map((e) => `#${e.id} ${e.collecte} le ${e.day}${attenteLe(m, b.id, e.day, 'oeufs') ? ' non commercialisable' : ''}`),
        cols.map((e: any) => `#${e.id} ${e.collecte} le ${String(e.date_collecte).slice(0, 10)}${e.non_commercialisable ? ' non commercialisable' : ''}`),
      );
      d.eq(`${W} œufs non commercialisables`, oeufsNonCommercialisables(m, b.id), x.oeufs_non_commercialisables ?? 0);
      d.eq(`${W} Œufs collectés`, f.oeufs, ind.oeufs);
      d.eq(`${W} Ponte moyenne poule-jour (centièmes de %)`, f.ponte, 'value' in ind.ponte ? h(ind.ponte.value) : null);
      d.eq(
        `${W} collecte du mois`,
        f.oeufsDuMois,
        cols.filter((c: any) => String(c.date_collecte).startsWith(today.slice(0, 7))).reduce((s: number, c: any) => s + c.collecte, 0),
      );
      if (oeufs) compareOeufs(d, m, b.id, ok(`${W} stock d'œufs`, oeufs));
    }
  }

  // ── stock, restocks, debts ──
  const prods: any[] = ok('produits', produits);
  d.same(
    'produits [stock, prix]',
    [...m.produits.values()].map((p) => `#${p.id} stock ${p.stock} prix ${p.prix_vente}${p.oeufs_par_unite ? ` ${p.oeufs_par_unite} œufs/u` : ''}`),
    prods.map((p) => `#${p.id} stock ${p.quantite} prix ${p.prix_vente}${p.oeufs_par_unite ? ` ${p.oeufs_par_unite} œufs/u` : ''}`),
  );
  const reap: any[] = ok('approvisionnements', reappros);
  // A restock of origin Production names its source: the move or the slaughter, its batch and day.
  const origine = (s: { type: string; id: number; bande: number; day: Day } | undefined) =>
    s ? ` Production ${s.type} #${s.id} bande #${s.bande} le ${s.day}` : '';
  const apiSource = (x: any) =>
    x.origine === 'PRODUCTION' && x.source
      ? { type: x.source.type, id: x.source.id, bande: x.source.id_bande, day: String(x.source.date).slice(0, 10) }
      : undefined;
  d.same(
    'approvisionnements',
    m.reappros.map((x) => `p${x.produit} ${x.quantite} ${x.etat}${origine(x.source)}`),
    reap.map((x) => `p${x.id_produit} ${x.quantite} ${x.etat}${origine(apiSource(x))}`),
  );
  for (const x of m.reappros) {
    if (x.id !== null) continue;
    const taken = new Set(m.reappros.map((y) => y.id));
    x.id =
      reap.find(
        (y) => y.id_produit === x.produit && y.quantite === x.quantite && y.etat === x.etat && !taken.has(y.id) && origine(apiSource(y)) === origine(x.source),
      )?.id ?? null;
  }
  const cl: any[] = ok('clients', clients);
  d.same(
    'clients [créance]',
    [...m.clients.values()].map((c) => `#${c.id} créance ${creance(m, c.id)}`),
    cl.map((c) => `#${c.id} créance ${c.creance}`),
  );
  compareComptes(m, x0, cl, d);

  // ── orders, repayments, online orders ──
  const cmds: any[] = ok('commandes', commandes);
  d.same(
    'commandes [total, acompte, réglé, paiement, livraison]',
    [...m.commandes.values()].map(
      (c) => `${c.numero} ${commandeTotal(c)} acompte ${c.accompte} réglé ${c.regle} ${etatPaiement(c)} ${c.delivered ? 'DELIVERED' : 'PENDING'}`,
    ),
    cmds.map((c) => `${c.numero_commande} ${c.montant_total} acompte ${c.accompte} réglé ${c.montant_regle ?? 0} ${c.etat_paiement} ${c.etat_livraison}`),
  );
  const vers: any[] = ok('versements', versements);
  d.same(
    'versements',
    [...m.versements.values()].map((v) => `#${v.id} ${v.montant} ${v.canceled ? 'CANCELED' : 'VALID'}`),
    vers.map((v) => `#${v.id} ${v.montant} ${v.etat}`),
  );
  const ec: any[] = ok('commandes en ligne', ecom);
  d.same(
    'commandes en ligne',
    [...m.commandesEcom.values()].map(
      (c) => `${c.numero} ${c.qty}×${c.unit}=${c.total} ${etatEcom(c)} ${c.paid ? 'PAYED' : 'PENDING'} ${c.delivered ? 'DELIVERED' : 'PENDING'}`,
    ),
    ec.map((c) => `${c.numero_commande} ${c.quantite}×${c.prix_unitaire}=${c.montant_total} ${c.etat} ${c.etat_paiement} ${c.etat_livraison}`),
  );

  // ── the sales history (today, and a random period) and its turnover ──
  let historique: { lines: any[]; range: { debut: Day; fin: Day }; expected: MLigne[] } | null = null;
  for (const [what, res, range] of [
    ["historique d'aujourd'hui", histToday, { debut: today, fin: today }],
    [`historique du ${hist.debut} au ${hist.fin}`, histRange, hist],
  ] as const) {
    const body = ok(what, res);
    const expected = lignesBetween(m, range.debut, range.fin);
    const got = (body.ventes as any[]).map(apiLine);
    d.same(`${what}: lignes`, expected.map(lineKey), got.map(lineKey));
    d.eq(`${what}: chiffre d'affaires`, takings(expected), body.chiffre_affaire);
    d.eq(
      `${what}: chiffre d'affaires = somme des lignes affichées`,
      body.chiffre_affaire,
      got.filter((l) => !l.deleted && l.type !== 'DON').reduce((s, l) => s + l.total, 0),
    );
    learnLineIds(m.lignes, got);
    historique = { lines: body.ventes, range, expected };
  }

  // ── the farm's feed store (decision 0232): every day, its value, each line ──
  const jours = storeOf(m).filter((j) => j.day <= today);
  const st = ok('stock d’aliment', aliment.stock);
  const fin = jours.at(-1);
  d.eq('stock d’aliment: stock (kg)', fin ? fin.stock_g / 1000 : 0, st.stock_kg);
  d.eq('stock d’aliment: valeur', arrondi(fin?.valeur ?? 0), st.valeur);
  d.eq('stock d’aliment: coût moyen (F/kg)', arrondi(fin?.cout ?? 0, 100), st.cout_moyen_kg);
  const shownDays: any[] = st.jours;
  d.eq(
    'stock d’aliment: jours [date, entrées, sorties, stock] (60 derniers)',
    jours.slice(-60).map((j) => `${j.day} +${j.in_g / 1000} −${j.out_g / 1000} =${j.stock_g / 1000}`),
    shownDays.map((j) => `${j.date} +${j.entree_kg} −${j.sortie_kg} =${j.stock_kg}`),
  );
  if (shownDays.some((j) => j.stock_kg < 0))
    d.eq(
      'stock d’aliment: aucun jour sous zéro',
      [],
      shownDays.filter((j) => j.stock_kg < 0),
    );
  jours.slice(-60).forEach((j, i) => {
    const g = shownDays[i];
    if (!g || g.date !== j.day) return; // named by the days' difference above
    d.eq(`stock d’aliment le ${j.day}: valeur`, arrondi(j.valeur), g.valeur);
    d.eq(`stock d’aliment le ${j.day}: coût moyen`, arrondi(j.cout, 100), g.cout_moyen_kg);
  });
  const achatsVus: any[] = ok('achats d’aliment', aliment.achats);
  d.same(
    'achats d’aliment [id, date, kg, prix, état]',
    [...m.achats.values()].map((a) => `#${a.id} ${a.day} ${a.g / 1000} kg ${a.prix} F${a.deleted ? ' annulé' : ''}`),
    achatsVus.map((a) => `#${a.id} ${a.date} ${a.kg} kg ${a.prix_total} F${a.etat === 'DELETED' ? ' annulé' : ''}`),
  );
  const consosVues: any[] = ok('consommations d’aliment', aliment.consos);
  const depuis = addDays(today, -365);
  const coutDuJour = new Map(storeOf(m).map((j) => [j.day, j.cout]));
  d.same(
    'consommations d’aliment [id, bande, date, kg, état]',
    [...m.consos.values()]
      .filter((c) => c.day >= depuis)
      .map((c) => `#${c.id} bande #${c.bande} ${m.bandes.get(c.bande)?.nom ?? '?'} ${c.day} ${c.g / 1000} kg${c.deleted ? ' annulée' : ''}`),
    consosVues.map((c) => `#${c.id} bande #${c.id_bande} ${c.nom_bande ?? '?'} ${c.date} ${c.kg} kg${c.etat === 'DELETED' ? ' annulée' : ''}`),
  );
  for (const c of consosVues) {
    const mc = m.consos.get(c.id);
    if (mc) d.eq(`consommation #${c.id}: valeur au coût du jour`, arrondi((mc.g / 1000) * (coutDuJour.get(mc.day) ?? 0)), c.valeur);
  }
  // One truth: what the batches ate at cost plus the stock's value is what was bought (within the roundings).
  const mange = [...m.bandes.keys()].reduce((x, id) => x + alimentDe(m, id).cout, 0);
  const achete = [...m.achats.values()].filter((a) => !a.deleted).reduce((x, a) => x + a.prix, 0);
  const reste = storeOf(m).at(-1)?.valeur ?? 0;
  if (Math.abs(mange + reste - achete) > 0.01) d.eq('aliment: acheté = mangé au coût + valeur du stock', achete, mange + reste);

  // ── the CSV exports, built as the screens build them ──
  checkExports(d, m, {
    bandes: listed,
    details: detailAnswers,
    historique: historique!,
    produits: prods,
    versements: vers,
    commandes: cmds,
    aliment: { achats: achatsVus, consos: consosVues, jours: shownDays },
  });

  // ── the period dashboard (a random range, and the last four years) ──
  for (const [what, res, range] of [
    [`tableau de bord du ${per.debut} au ${per.fin}`, periode, per],
    [`tableau de bord du ${addDays(today, -1500)} au ${today}`, periodeAll, { debut: addDays(today, -1500), fin: today }],
  ] as const) {
    const p = ok(what, res);
    const e = periodFigures(m, range.debut, range.fin);
    for (const k of Object.keys(e) as (keyof typeof e)[]) d.eq(`${what}: ${k}`, e[k], p[k]);
    // As the dashboard screen computes its cards: the cost per bird on the counted batches' expenses.
    const cards = {
      ...results({ sujets: p.sujets, chiffreAffaire: p.chiffre_affaire, depenses: p.depense, pertes: p.pertes }),
      coutProduction: productionCost(p.depense_production ?? p.depense, p.sujets),
    };
    const ec2 = dashboardCards(e);
    d.eq(`${what}: carte Bénéfice`, ec2.benefice, cards.benefice);
    d.eq(`${what}: carte Taux de mortalité`, ec2.tauxMortalite, h(cards.tauxMortalite));
    d.eq(`${what}: carte Coût de production`, ec2.coutProduction, h(cards.coutProduction));
    d.eq(`${what}: carte Taux de rentabilité`, ec2.tauxRentabilite, h(cards.tauxRentabilite));
  }

  if (refusedPeriod && refused) {
    const what = `période refusée du ${refusedPeriod.debut} au ${refusedPeriod.fin}`;
    d.eq(`${what}: statut`, 400, refused.status);
    if (!/^Période /.test(String(refused.body?.message ?? ''))) d.eq(`${what}: message`, 'Période … (message français)', refused.body?.message);
  }

  // ── the month table ──
  years.forEach((y, i) => {
    const got = ok(`mois ${y}`, mois[i]).mois as any[];
    const expected = monthFigures(m, y);
    for (let k = 0; k < 12; k++) {
      const e = expected[k];
      const g = got[k] ?? {};
      for (const f of ['chiffre_affaire', 'depense', 'benefice', 'ventes_boutique', 'nb_vendu', 'pertes', 'oeufs', 'pesages'] as const)
        d.eq(`mois ${e.mois}: ${f}`, e[f], g[f]);
    }
  });

  return d.list;
}

/**
 * A layer batch's egg stock (decision 0252): today's stock, trays, by size, held apart,
 * where its eggs went, the shortages shown, every movement; then the stock of EVERY day, replayed
 * from the movements the product lists, against the model's own replay of its entries — and, by
 * hand, the figures a subtraction gives (the total when no day ran short, each size when every
 * exit named one, the trays).
 */
function compareOeufs(d: Diffs, m: Model, b: number, x: any): void {
  const W = `bande #${b} stock d'œufs`;
  const st = stockOeufs(m, b);
  const main = oeufsParMain(m, b);
  d.eq(`${W}: stock`, st.total, x.stock_oeufs);
  d.eq(`${W}: par calibre`, st.par_calibre, x.par_calibre);
  d.eq(`${W}: plateaux`, { plateaux: Math.floor(st.total / 30), oeufs: st.total % 30 }, x.plateaux);
  d.eq(`${W}: non commercialisables`, main.nonCommercialisables, x.non_commercialisables);
  d.eq(`${W}: non commercialisables (fiche)`, oeufsNonCommercialisables(m, b), x.non_commercialisables);
  const pc = x.par_calibre ?? {};
  d.eq(`${W}: somme des calibres = stock`, x.stock_oeufs, (pc.s ?? 0) + (pc.m ?? 0) + (pc.l ?? 0) + (pc.xl ?? 0));
  // No day short: the stock is what came in less what went out, by hand.
  if (!st.jours.some((j) => j.manque > 0)) {
    d.eq(`${W}: stock = collectés vendables − vendus − cassés − envoyés`, main.vendables - main.vendus - main.casses - main.transferes, x.stock_oeufs);
    if (main.parCalibre) d.eq(`${W}: chaque calibre = collectés − sorties de ce calibre`, main.parCalibre, x.par_calibre);
  }
  const bilan = x.bilan ?? {};
  d.eq(`${W}: bilan [vendus, cassés, envoyés]`, [main.vendus, main.casses, main.transferes], [bilan.vendus, bilan.casses, bilan.transferes]);
  // Collected: every egg, those held apart too (they are the batch's production).
  d.eq(`${W}: bilan collectés`, main.collectes, bilan.collectes);
  d.same(
    `${W}: bilan par produit [œufs, unités]`,
    [...main.parProduit].map(([id, v]) => `#${id} ${v.oeufs} œufs ${v.unites} u`),
    ((bilan.par_produit ?? []) as any[]).map((p) => `#${p.id_produit} ${p.oeufs} œufs ${p.unites} u`),
  );
  d.eq(
    `${W}: ruptures`,
    rupturesOeufs(st).map((r) => `${r.date} ${r.calibre ?? '-'} ${r.oeufs}`),
    ((x.ruptures ?? []) as any[]).map((r) => `${r.date} ${r.calibre ?? '-'} ${r.oeufs}`),
  );
  // Every movement: the live ones as the model holds them; cancelled exits listed DELETED.
  const vus: any[] = x.mouvements ?? [];
  const key = (g: string, id: number | null, day: Day, oeufs: number, cal: string | null, extra = '') =>
    `${g} #${id ?? '?'} ${day} ${oeufs} ${cal ?? '-'}${extra}`;
  const attendus: string[] = [];
  for (const c of m.collectes.values())
    if (c.bande === b) attendus.push(key('collecte', c.id, c.day, c.collecte, null, c.deleted ? ' annulé' : attenteLe(m, b, c.day, 'oeufs') ? ' nc' : ''));
  for (const v of m.ventesB)
    if (v.bande === b && v.unite !== 'sujet' && v.id !== null)
      attendus.push(key('vente', v.id, v.day, -(v.unite === 'plateau' ? Math.round(v.qty * 30) : v.qty), v.calibre ?? null, v.deleted ? ' annulé' : ''));
  for (const c of m.casses.values()) if (c.bande === b) attendus.push(key('casse', c.id, c.day, -c.oeufs, c.calibre, c.deleted ? ' annulé' : ''));
  for (const t of m.transferts.values())
    if (t.bande === b) attendus.push(key('transfert', t.id, t.day, -t.oeufs, t.calibre, ` → #${t.produit} ${t.unites} u${t.deleted ? ' annulé' : ''}`));
  d.same(
    `${W}: mouvements [genre, id, jour, œufs, calibre]`,
    attendus,
    vus
      // A batch sale not yet learned (a shop sale's entry) is named by the batch's sales above.
      .filter((v) => !(v.genre === 'vente' && !m.ventesB.some((y) => y.bande === b && y.id === v.id) && m.ventesB.some((y) => y.bande === b && y.id === null)))
      .map((v) =>
        key(
          v.genre,
          v.id,
          v.date,
          v.oeufs,
          v.genre === 'collecte' ? null : (v.calibre ?? null),
          v.genre === 'collecte'
            ? v.etat === 'DELETED'
              ? ' annulé'
              : v.non_commercialisable
                ? ' nc'
                : ''
            : `${v.genre === 'transfert' ? ` → #${v.produit?.id} ${v.unites_produit} u` : ''}${v.etat === 'DELETED' ? ' annulé' : ''}`,
        ),
      ),
  );
  // The stock of every day, replayed from what the product lists, against the model's.
  const listes: MouvementOeufs[] = vus
    .filter((v) => v.etat !== 'DELETED')
    .map((v) =>
      v.genre === 'collecte'
        ? { kind: 'collecte', id: v.id, day: v.date, calibres: v.calibres ?? { s: 0, m: 0, l: 0, xl: 0 }, non_commercialisable: !!v.non_commercialisable }
        : { kind: v.genre, id: v.id, day: v.date, oeufs: -v.oeufs, calibre: v.calibre ?? null },
    );
  const jour = (j: { day: string; total: number; par_calibre: object; manque: number }) =>
    `${j.day} ${j.total} ${JSON.stringify(j.par_calibre)} manque ${j.manque}`;
  d.eq(`${W}: stock de chaque jour (rejoué des mouvements affichés)`, st.jours.map(jour), rejouerOeufs(listes).jours.map(jour));
}

/** Ledger lines the model wrote without an id (an order's delivery) take the id the history shows. */
function learnLineIds(model: MLigne[], got: ReturnType<typeof apiLine>[]): void {
  const known = new Set(model.map((l) => l.id));
  for (const l of model) {
    if (l.id !== null) continue;
    const g = got.find(
      (x) => !known.has(x.id) && x.source === l.source && x.ref === l.ref && x.produit === l.produit && x.qty === l.qty && x.total === l.total,
    );
    if (g) {
      l.id = g.id;
      known.add(g.id);
    }
  }
}
