// The CSV exports, as the screens build them: the same column definitions (web/src/features/*/
// logic/csv.ts) and the same pure builder (web/src/lib/csv.ts toCsv) run on the API's answers. The
// file is then read back the way a spreadsheet in a French locale reads it (';', decimal comma,
// dd/mm/yyyy) and its totals and days are compared with the model.
import { toCsv, type CsvColumn } from '../../../web/src/lib/csv';
import { BANDES_CSV, depensesCsv, PERTES_CSV, PESAGES_CSV, ventesBandeCsv } from '../../../web/src/features/bandes/logic/csv';
import { VENTES_CSV } from '../../../web/src/features/ventes/logic/csv';
import { PRODUITS_CSV } from '../../../web/src/features/produits/logic/csv';
import { VERSEMENTS_CSV } from '../../../web/src/features/versements/logic/csv';
import { COMMANDES_CSV } from '../../../web/src/features/commandes/logic/csv';
import { ACHATS_CSV, CONSOMMATIONS_CSV, STOCK_JOURS_CSV } from '../../../web/src/features/aliment/logic/csv';
import {
  addDays,
  commandeTotal,
  etatPaiement,
  frDay,
  oeufsDe,
  storeOf,
  sujetsDe,
  takings,
  type Day,
  type MBande,
  type MLigne,
  type Model,
  type MVenteB,
} from './model';
import { SHOP_MSG } from '@shared/messages/shop';
import { TYPE_BANDE } from '@shared/messages/bandes';

/** Rows of a CSV as Excel reads it: BOM, CRLF, ';', fields quoted with "" escaping. */
export function parseCsv(text: string): Record<string, string>[] {
  const src = text.replace(/^\ufeff/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && src[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  const [head, ...body] = rows;
  return body.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? ''])));
}

const csv = <T>(columns: readonly CsvColumn<T>[], rows: readonly T[]) => parseCsv(toCsv(columns, rows));
/** A figure cell: decimal comma, no thousands separator. */
const num = (cell: string): number => Number(cell.replace(',', '.'));
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
/** The unit a batch's sales CSV names (decision 0217): a broiler's birds; a layer batch's eggs, trays or réforme hens. */
const uniteMot = (b: MBande, v: MVenteB): string =>
  b.type === 'chair' ? 'sujets' : v.unite === 'sujet' ? 'poules de réforme' : v.unite === 'plateau' ? 'plateaux de 30' : 'œufs';

export interface Diff {
  eq(what: string, expected: unknown, got: unknown): void;
  same(what: string, expected: string[], got: string[]): void;
}

/** Every export the screens offer over this step's answers, checked against the model. */
export function checkExports(
  d: Diff,
  m: Model,
  answers: {
    bandes: any[];
    details: { id: number; detail: any }[];
    historique: { lines: any[]; range: { debut: Day; fin: Day }; expected: MLigne[] };
    produits: any[];
    versements: any[];
    commandes: any[];
    /** The feed store's answers: purchases, consumptions of the last 366 days, the store's days. */
    aliment: { achats: any[]; consos: any[]; jours: any[] };
  },
): void {
  // The batch list.
  const bandes = csv(BANDES_CSV, answers.bandes);
  const mb = [...m.bandes.values()];
  d.same(
    'CSV bandes [nom, début, statut]',
    mb.map((b) => `${b.nom};${frDay(b.start)};${b.statut === 'CLOTUREE' ? 'Clôturée' : 'Active'}${b.archived ? ' (archivée)' : ''}`),
    bandes.map((r) => `${r.Nom};${r['Date de démarrage']};${r.Statut}`),
  );
  // Its type in French, never the stored code (`chair`).
  d.same(
    'CSV bandes [type]',
    mb.map((b) => TYPE_BANDE[b.type]),
    bandes.map((r) => r.Type),
  );
  const live = <T extends { deleted: boolean }>(xs: Iterable<T>) => [...xs].filter((x) => !x.deleted);
  d.eq('CSV bandes: Σ Pertes', sum(live(m.pertes.values()).map((p) => p.nombre)), sum(bandes.map((r) => num(r.Pertes))));
  d.eq('CSV bandes: Σ Dépenses', sum(live(m.depenses.values()).map((x) => x.total)), sum(bandes.map((r) => num(r['Dépenses (FCFA)']))));
  d.eq(
    "CSV bandes: Σ Chiffre d'affaires",
    sum(m.ventesB.filter((v) => !v.deleted).map((v) => v.total)),
    sum(bandes.map((r) => num(r["Chiffre d'affaires (FCFA)"]))),
  );
  // « Sujets vendus » counts birds only (broilers sold, réforme hens); a layer batch's eggs are « Œufs vendus », trays as 30 eggs.
  const sold = m.ventesB.filter((v) => !v.deleted);
  d.eq('CSV bandes: Σ Sujets vendus', sum(sold.map((v) => sujetsDe(m.bandes.get(v.bande)!, v))), sum(bandes.map((r) => num(r['Sujets vendus']))));
  d.eq('CSV bandes: Σ Œufs vendus', sum(sold.map((v) => oeufsDe(m.bandes.get(v.bande)!, v))), sum(bandes.map((r) => num(r['Œufs vendus'] || '0'))));

  // Each batch's tables: every line on the day it counts on.
  for (const { id, detail } of answers.details) {
    const W = `CSV bande #${id}`;
    const deps = csv(
      depensesCsv((t) => `Type ${t}`),
      detail.depenses,
    );
    d.same(
      `${W} dépenses [date, total]`,
      live(m.depenses.values())
        .filter((x) => x.bande === id)
        .map((x) => `${frDay(x.day)};${x.total}`),
      deps.map((r) => `${r.Date};${num(r['Prix total (FCFA)'])}`),
    );
    const ventes = csv(ventesBandeCsv(detail.type), detail.ventes);
    d.same(
      `${W} ventes [date, quantité, unité, total, état]`,
      m.ventesB
        .filter((v) => v.bande === id)
        .map((v) => `${frDay(v.day)};${v.qty};${uniteMot(m.bandes.get(id)!, v)};${v.total};${v.deleted ? 'Annulée' : 'Validée'}`),
      ventes.map((r) => `${r.Date};${num(r['Quantité'])};${r['Unité']};${num(r['Total (FCFA)'])};${r['État']}`),
    );
    const pertes = csv(PERTES_CSV, detail.pertes);
    d.same(
      `${W} pertes [date, nombre]`,
      live(m.pertes.values())
        .filter((x) => x.bande === id)
        .map((x) => `${frDay(x.day)};${x.nombre}`),
      pertes.map((r) => `${r.Date};${num(r.Nombre)}`),
    );
    const pesages = csv(
      PESAGES_CSV,
      detail.pesages.filter((p: any) => p.etat !== 'DELETED'),
    );
    d.same(
      `${W} pesages [date, échantillon]`,
      live(m.pesages.values())
        .filter((x) => x.bande === id)
        .map((x) => `${frDay(x.day)};${x.echantillon}`),
      pesages.map((r) => `${r.Date};${num(r['Échantillon'])}`),
    );
  }

  // The sales history of the step's period: its lines, and the turnover a spreadsheet adds up.
  const { range, lines, expected } = answers.historique;
  const hist = csv(VENTES_CSV, lines);
  const W = `CSV ventes du ${range.debut} au ${range.fin}`;
  d.same(
    `${W} [date, total, type, état]`,
    expected.map((l) => `${frDay(l.day)};${l.total};${l.deleted ? 'Annulée' : 'Valide'}`),
    hist.map((r) => `${r.Date};${num(r['Total (FCFA)'])};${r['État']}`),
  );
  d.eq(
    `${W}: Σ Total des lignes valides hors DON`,
    takings(expected),
    sum(hist.filter((r) => r['État'] === 'Valide' && r.Type !== SHOP_MSG.saleType.DON).map((r) => num(r['Total (FCFA)']))),
  );

  // Stock, repayments, orders.
  const prods = csv(PRODUITS_CSV, answers.produits);
  d.same(
    'CSV produits [produit, stock]',
    [...m.produits.values()].map((p) => `${p.nom};${p.stock}`),
    prods.map((r) => `${r.Produit};${num(r.Stock)}`),
  );
  const vers = csv(VERSEMENTS_CSV, answers.versements);
  d.same(
    'CSV remboursements [montant, état]',
    [...m.versements.values()].map((v) => `${v.montant};${v.canceled ? 'Annulé' : 'Valide'}`),
    vers.map((r) => `${num(r['Montant (FCFA)'])};${r['État']}`),
  );
  // The feed store's three exports: purchases, consumptions, the store day by day.
  const achats = csv(ACHATS_CSV, answers.aliment.achats);
  d.same(
    'CSV achats d’aliment [date, kg, prix, état]',
    [...m.achats.values()].map((a) => `${frDay(a.day)};${a.g / 1000};${a.prix};${a.deleted ? 'Annulé' : 'Validé'}`),
    achats.map((r) => `${r.Date};${num(r.Kg)};${num(r['Prix total (FCFA)'])};${r['État']}`),
  );
  d.eq(
    'CSV achats d’aliment: Σ Prix total des achats validés',
    sum(live(m.achats.values()).map((a) => a.prix)),
    sum(achats.filter((r) => r['État'] === 'Validé').map((r) => num(r['Prix total (FCFA)']))),
  );
  const depuis = addDays(m.today, -365);
  const consos = csv(CONSOMMATIONS_CSV, answers.aliment.consos);
  d.same(
    'CSV consommations d’aliment [date, bande, kg, état]',
    [...m.consos.values()]
      .filter((c) => c.day >= depuis)
      .map((c) => `${frDay(c.day)};${m.bandes.get(c.bande)?.nom};${c.g / 1000};${c.deleted ? 'Annulée' : 'Validée'}`),
    consos.map((r) => `${r.Date};${r.Bande};${num(r.Kg)};${r['État']}`),
  );
  const jours = csv(STOCK_JOURS_CSV, answers.aliment.jours);
  d.same(
    'CSV stock d’aliment par jour [date, entrées, sorties, stock]',
    storeOf(m)
      .filter((j) => j.day <= m.today)
      .slice(-60)
      .map((j) => `${frDay(j.day)};${j.in_g / 1000};${j.out_g / 1000};${j.stock_g / 1000}`),
    jours.map((r) => `${r.Date};${num(r['Entrées (kg)'])};${num(r['Sorties (kg)'])};${num(r['Stock (kg)'])}`),
  );

  const cmds = csv(COMMANDES_CSV, answers.commandes);
  d.same(
    'CSV commandes [numéro, montant, paiement, livraison]',
    [...m.commandes.values()].map(
      (c) => `${c.numero};${commandeTotal(c)};${etatPaiement(c) === 'PAYED' ? 'Payé' : 'En attente'};${c.delivered ? 'Livré' : 'En attente'}`,
    ),
    cmds.map((r) => `${r['Numéro']};${num(r['Montant (FCFA)'])};${r.Paiement};${r.Livraison}`),
  );
}
