// A batch with its entries: the batch's collection (its PK) holds the BANDE item, its entries
// (DEP#, VTE#, PRT#, PES#, COL#) and its copies of slaughter records (ABT#). The display reads it in
// one Query (getCollection); a checked write's state reads the BANDE item first (bandeState).
import { sujetsVivants } from '@shared/formulas';
import type { AbattageDuLot, Collecte, Depense, Perte, Pesage, Vente } from '@shared/schemas/bandes';
import { tableName } from '../../lib/ddb';
import { queryAll } from '../../lib/store';
import { santeOf, toBande, type BandeItem, type SanteDeBande } from './bandes';
import { entryView } from './entries';
import { k, KINDS, type EntryKind } from './keys';
import { santeKeys, toCalendrier, type Calendrier } from './sante';
import { toCasse, toTransfert, type CasseStockee, type TransfertStocke } from './oeufs';

/** A batch with its counts exactly as stored, its revision, and the live count they give. */
export interface BandeCounts extends SanteDeBande {
  bande: BandeItem;
  raw: { nb_sujet: number; nb_perte: number; nb_vendu: number; nb_abattu: number | null; nb_reforme: number };
  /** Birds still alive (shared/formulas/birds.ts `sujetsVivants`). */
  live: number;
  /** The batch's revision as read (0 on a batch never guarded yet). */
  rev: number;
}

function countsOf(i: Record<string, any>): BandeCounts {
  const raw = {
    nb_sujet: Number(i.nb_sujet),
    nb_perte: Number(i.nb_perte ?? 0),
    nb_vendu: Number(i.nb_vendu ?? 0),
    nb_abattu: i.nb_abattu === undefined ? null : Number(i.nb_abattu),
    // Absent on batches that never sold réforme hens (items written before it included): none.
    nb_reforme: Number(i.nb_reforme ?? 0),
  };
  const bande = toBande(i);
  return { bande, raw, live: sujetsVivants({ type: bande.type, ...raw }), rev: Number(i.rev ?? 0), ...santeOf(i) };
}

export interface BandeCollection {
  bande: BandeItem;
  /** The batch's withdrawal periods (its BANDE item's `attentes`): collections inside an egg one are not sellable. */
  attentes: SanteDeBande['attentes'];
  depenses: Depense[];
  ventes: Vente[];
  pertes: Perte[];
  pesages: Pesage[];
  collectes: Collecte[];
  abatages: AbattageDuLot[];
  /** Entry items of the collection (slaughter copies too, feed consumptions too), cancelled ones included. */
  saisies: number;
  /**
   * The batch's feed consumptions from the farm's store (CON# items), raw, cancelled ones
   * included: functions/aliment values them at the ledger's costs (its public.ts).
   */
  consommations: Record<string, any>[];
  /** The batch's daily sheets (FIC# items), raw: ./fiches.ts reads them. */
  fiches: Record<string, any>[];
  /** Eggs broken or lost (CAS# items), cancelled ones kept with their etat. */
  casses: CasseStockee[];
  /** Eggs sent to shop products (TRF# items), cancelled ones kept with their etat. */
  transferts: TransfertStocke[];
  /** Cancelled collections (left out of `collectes`): the egg stock's movements list them as cancelled. */
  collectesAnnulees: Collecte[];
}

/**
 * Everything a write checked against the batch's limits reads: the counts and revision, the losses,
 * sales, weighings, collections (cancelled ones left out, sales kept with their etat) and the
 * slaughters' copies; the expenses only when asked (a batch edit: its earliest dated entry).
 */
export interface BandeState extends BandeCounts, Omit<BandeCollection, 'bande' | 'saisies' | 'attentes' | 'consommations' | 'fiches' | 'collectesAnnulees'> {
  /** True when the copies account for every slaughtered bird (records made before the copies existed do not). */
  abattagesComplets: boolean;
  /** The batch's health calendar as read with its entries (null: none): a batch edit re-dates its pending steps. */
  calendrier: Calendrier | null;
  /** The first days of its treatments not cancelled (TRT# items): a batch edit may not move its start after them. */
  debutsTraitements: string[];
  /** The days of its feed consumptions not cancelled (CON# items): likewise. */
  joursConsommations: string[];
  /** The days of its daily sheets (FIC# items): a batch edit may not move its start after them either. */
  joursFiches: string[];
}

export type Collected = Omit<BandeCollection, 'bande'> & { bande: BandeItem | null; saisies: number };

/** A feed consumption's item in the batch's collection (functions/aliment/repository/keys.ts). */
const isConso = (sk: string) => sk.startsWith('CON#');

/** The entries of a batch's items: cancelled ones leave the lists, except sales (kept with etat DELETED, spec). */
export function collectionOf(items: Record<string, any>[]): Collected {
  const out: Collected = {
    bande: null,
    attentes: {},
    depenses: [],
    ventes: [],
    pertes: [],
    pesages: [],
    collectes: [],
    abatages: [],
    saisies: 0,
    consommations: [],
    fiches: [],
    casses: [],
    transferts: [],
    collectesAnnulees: [],
  };
  for (const i of items) {
    const sk = String(i.SK);
    if (sk === 'BANDE') {
      out.bande = toBande(i);
      out.attentes = santeOf(i).attentes;
      continue;
    }
    if (sk.startsWith('ABT#')) {
      out.saisies++;
      out.abatages.push({
        id: Number(i.id),
        quantite: Number(i.quantite),
        date: String(i.date).slice(0, 10),
        // The products its birds became, copied with the record: the batch's report says
        // where its birds went without reading the slaughter records (another right, another Query).
        ...(Array.isArray(i.produits) && i.produits.length
          ? { produits: (i.produits as Record<string, unknown>[]).map((p) => ({ id: Number(p.id), nom: String(p.nom), quantite: Number(p.quantite) })) }
          : {}),
      });
      continue;
    }
    if (isConso(sk)) {
      out.saisies++;
      out.consommations.push(i);
      continue;
    }
    // A daily sheet is a record of the batch: a batch holding one is archived, not deleted.
    if (sk.startsWith('FIC#')) {
      out.saisies++;
      out.fiches.push(i);
      continue;
    }
    // The egg stock's breakage and moves: records of the batch like its entries.
    if (sk.startsWith('CAS#')) {
      out.saisies++;
      out.casses.push(toCasse(i));
      continue;
    }
    if (sk.startsWith('TRF#')) {
      out.saisies++;
      out.transferts.push(toTransfert(i));
      continue;
    }
    const kind = KINDS.find((kd) => sk.startsWith(`${kd}#`));
    if (kind) out.saisies++;
    if (kind === 'COL' && i.etat === 'DELETED') out.collectesAnnulees.push(entryView(kind, i));
    if (!kind || (i.etat === 'DELETED' && kind !== 'VTE')) continue;
    const list = { DEP: out.depenses, VTE: out.ventes, PRT: out.pertes, PES: out.pesages, COL: out.collectes }[kind] as unknown[];
    list.push(entryView(kind, i));
  }
  return out;
}

export async function bandeState(t: number, id: number, withDepenses = false): Promise<BandeState | null> {
  const pk = k.bandePk(t, id);
  const query = (range: string, values: Record<string, string>) =>
    queryAll({
      TableName: tableName(),
      ConsistentRead: true,
      KeyConditionExpression: `PK = :pk AND ${range}`,
      ExpressionAttributeValues: { ':pk': pk, ...values },
    });
  // A Query is not a snapshot: each item is read as committed when the read reaches it. The guard
  // (rev) and the counters live on the BANDE item, so it is read first and every entry after it:
  // an entry committed before that read is then always seen, and one committed after it moved the
  // revision, so the write checked on this state fails its condition and is checked again. Read in
  // parallel, a range of entries could be read before a write that the BANDE item already shows,
  // and a write checked on those stale entries would pass with the fresh revision (more losses
  // than birds, under concurrency). Keys: ABT# < BANDE < CAS# < COL# < DEP# < PES# < PRT# < TRF# < VTE#
  // (breakage CAS# in the first range, moves TRF# in the second).
  const first = withDepenses ? await query('SK >= :b', { ':b': 'BANDE' }) : await query('SK BETWEEN :b AND :dep', { ':b': 'BANDE', ':dep': 'DEP#' });
  const head = first[0]?.SK === 'BANDE' ? first[0] : undefined;
  if (!head) return null;
  const counts = countsOf(head);
  // The expenses, the biggest part of a batch, are not read by the checks that do not need them;
  // the slaughters' copies (before BANDE) only when the batch has slaughtered birds.
  const rest = await Promise.all([
    withDepenses ? [] : query('SK > :dep', { ':dep': 'DEP#~' }),
    counts.raw.nb_abattu ? query('SK < :b', { ':b': 'BANDE' }) : [],
  ]);
  const items = [...first, ...rest.flat()];
  const c = collectionOf(items);
  const cal = items.find((i) => i.SK === santeKeys.calendrierSk);
  const abattus = c.abatages.reduce((s, a) => s + a.quantite, 0);
  return {
    ...counts,
    pertes: c.pertes,
    ventes: c.ventes,
    pesages: c.pesages,
    collectes: c.collectes,
    depenses: c.depenses,
    abatages: c.abatages,
    casses: c.casses,
    transferts: c.transferts,
    abattagesComplets: abattus === (counts.raw.nb_abattu ?? 0),
    calendrier: cal ? toCalendrier(cal, id) : null,
    // Read in the same Query as the entries (TRT# sorts after DEP#~); a treatment recorded after
    // this read moved the batch's revision, which the edit conditions on.
    debutsTraitements: items.filter((i) => String(i.SK).startsWith('TRT#') && i.etat !== 'DELETED').map((i) => String(i.debut)),
    // Read with the entries (CON# sorts between COL# and DEP#); a consumption written after this
    // read moved the batch's revision (its `{ start }` guard), which the edit conditions on.
    joursConsommations: items.filter((i) => isConso(String(i.SK)) && i.etat !== 'DELETED').map((i) => String(i.date)),
    // Read in the same Query (FIC# sorts after DEP#~); a sheet saved after this read moved the revision.
    joursFiches: items.filter((i) => String(i.SK).startsWith('FIC#')).map((i) => String(i.date)),
  };
}

/** The batch and all its entries: one Query on the collection (paged past 1 MB). */
export async function getCollection(t: number, id: number, only?: EntryKind): Promise<BandeCollection | null> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: only ? 'PK = :pk AND begins_with(SK, :sk)' : 'PK = :pk',
    ExpressionAttributeValues: only ? { ':pk': k.bandePk(t, id), ':sk': `${only}#` } : { ':pk': k.bandePk(t, id) },
    ConsistentRead: true,
  });
  const out = collectionOf(items);
  if (!only && !out.bande) return null;
  return out as BandeCollection;
}

/** What a batch holds, counted by kind, cancelled entries included (docs/decisions/0215-delete-an-empty-batch.md). */
export interface BandeEntries {
  bande: BandeItem;
  /** The batch's revision as read: a delete or a type change conditions on it (./guard.ts). */
  rev: number;
  depenses: number;
  ventes: number;
  pertes: number;
  pesages: number;
  collectes: number;
  abattages: number;
  /**
   * Health records: steps done or skipped and treatments (cancelled ones too). They
   * count as entries: a batch holding one is archived, not deleted.
   */
  soins: number;
  /** Feed consumptions from the farm's store, cancelled ones too: entries like the others. */
  aliment: number;
  /** Daily sheets: records of the batch like its entries. */
  fiches: number;
  /** The egg stock's breakage and moves, cancelled ones too: entries like the others. */
  oeufs: number;
  /** Of those, the cancelled ones (kept with etat DELETED). */
  annulees: number;
  /** The batch's health calendar as read (null: none), deleted with the batch when it holds only pending steps. */
  calendrier: Calendrier | null;
}

/**
 * A batch's entries counted, cancelled ones too (null: no such batch). One Query on the collection;
 * it reads the copies of slaughters (ABT#) before the BANDE item and the entries after it, so the
 * slaughtered count and the running totals of the BANDE item are counted too: an entry that lands
 * after the read of the BANDE item moved its revision, which the caller's write conditions on.
 */
export async function bandeEntries(t: number, id: number): Promise<BandeEntries | null> {
  const items = await queryAll({
    TableName: tableName(),
    ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': k.bandePk(t, id) },
  });
  const head = items.find((i) => i.SK === 'BANDE');
  if (!head) return null;
  const out: BandeEntries = {
    bande: toBande(head),
    rev: Number(head.rev ?? 0),
    depenses: 0,
    ventes: 0,
    pertes: 0,
    pesages: 0,
    collectes: 0,
    abattages: 0,
    soins: 0,
    aliment: 0,
    fiches: 0,
    oeufs: 0,
    annulees: 0,
    calendrier: null,
  };
  const field = { DEP: 'depenses', VTE: 'ventes', PRT: 'pertes', PES: 'pesages', COL: 'collectes' } as const;
  for (const i of items) {
    const sk = String(i.SK);
    if (sk.startsWith('ABT#')) out.abattages++;
    if (sk === santeKeys.calendrierSk) {
      out.calendrier = toCalendrier(i, id);
      out.soins += out.calendrier.etapes.filter((e) => e.etat).length;
    }
    if (sk.startsWith('FIC#')) out.fiches++;
    if (sk.startsWith('CAS#') || sk.startsWith('TRF#')) {
      out.oeufs++;
      if (i.etat === 'DELETED') out.annulees++;
    }
    if (sk.startsWith('TRT#')) {
      out.soins++;
      if (i.etat === 'DELETED') out.annulees++;
    }
    if (isConso(sk)) {
      out.aliment++;
      if (i.etat === 'DELETED') out.annulees++;
    }
    const kind = KINDS.find((kd) => sk.startsWith(`${kd}#`));
    if (!kind) continue;
    out[field[kind]]++;
    if (i.etat === 'DELETED') out.annulees++;
  }
  // Slaughters recorded before the batch kept their copies leave only their count on the batch.
  if (!out.abattages && out.bande.nb_abattu) out.abattages = 1;
  return out;
}

/** How many entries a batch holds (every kind, cancelled ones included). */
export const entriesCount = (e: BandeEntries) =>
  e.depenses + e.ventes + e.pertes + e.pesages + e.collectes + e.abattages + e.soins + e.aliment + e.fiches + e.oeufs;
