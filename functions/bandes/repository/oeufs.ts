// A layer flock's egg stock (docs/oeufs.md): its own movements — breakage (CAS#) and
// moves to a shop product (TRF#) — stored in the batch's collection beside its entries, each with
// an id → batch pointer (the GET cancels carry only the id), and the movements of the whole stock
// as the replay of shared/formulas/oeufs.ts reads them (collections by size, the batch's egg sales,
// breakage, moves). Every write that takes eggs rides with the BANDE item's revision guard, so two
// exits checked on the same reading never both land.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { oeufsDeVente } from '@shared/formulas';
import { CALIBRES, type Calibre, type MouvementOeufs, type ParCalibre } from '@shared/formulas/oeufs';
import { attenteSur, type AttentesBande } from '@shared/formulas/sante';
import { parseCalibres, type Collecte, type Vente } from '@shared/schemas/bandes';
import { ddb, tableName } from '../../lib/ddb';
import type { TxItem } from '../../lib/store';
import { type Guard } from './guard';
import { totalsUpdate } from './entries';
import { k, type OeufsKind } from './keys';

/** Eggs broken or lost (CAS#), as stored and answered. */
export interface CasseStockee {
  id: number;
  id_bande: number;
  /** As typed, in `unite`. */
  quantite: number;
  unite: 'oeuf' | 'plateau';
  /** The eggs it takes (trays × 30). */
  oeufs: number;
  calibre: Calibre | null;
  motif: string;
  date: string;
  created_at: string;
  etat?: 'DELETED';
}

/** Eggs sent to a shop product (TRF#), as stored and answered. */
export interface TransfertStocke {
  id: number;
  id_bande: number;
  id_produit: number;
  produit_nom: string;
  quantite: number;
  unite: 'oeuf' | 'plateau';
  oeufs: number;
  calibre: Calibre | null;
  /** The product's units it added (oeufs ÷ the product's eggs per unit). */
  unites_produit: number;
  /** Its restock line of origin « Production » in the shop (functions/produits). */
  id_reappro: number;
  date: string;
  created_at: string;
  etat?: 'DELETED';
}

const CALIBRE_SET = new Set<string>(CALIBRES);
const calibreOf = (v: unknown): Calibre | null => (typeof v === 'string' && CALIBRE_SET.has(v) ? (v as Calibre) : null);

export function toCasse(i: Record<string, any>): CasseStockee {
  return {
    id: Number(i.id),
    id_bande: Number(i.id_bande),
    quantite: Number(i.quantite),
    unite: i.unite === 'plateau' ? 'plateau' : 'oeuf',
    oeufs: Number(i.oeufs),
    calibre: calibreOf(i.calibre),
    motif: String(i.motif ?? ''),
    date: String(i.date).slice(0, 10),
    created_at: String(i.created_at),
    ...(i.etat === 'DELETED' ? { etat: 'DELETED' as const } : {}),
  };
}

export function toTransfert(i: Record<string, any>): TransfertStocke {
  return {
    id: Number(i.id),
    id_bande: Number(i.id_bande),
    id_produit: Number(i.id_produit),
    produit_nom: String(i.produit_nom ?? ''),
    quantite: Number(i.quantite),
    unite: i.unite === 'plateau' ? 'plateau' : 'oeuf',
    oeufs: Number(i.oeufs),
    calibre: calibreOf(i.calibre),
    unites_produit: Number(i.unites_produit),
    id_reappro: Number(i.id_reappro),
    date: String(i.date).slice(0, 10),
    created_at: String(i.created_at),
    ...(i.etat === 'DELETED' ? { etat: 'DELETED' as const } : {}),
  };
}

/** Which batch a breakage or a move belongs to, and the item (null: none in this business). */
export async function getOeufsEntry(t: number, kind: OeufsKind, id: number): Promise<{ bandeId: number; item: Record<string, any> } | null> {
  const ref = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.oeufsRef(t, kind, id), ConsistentRead: true }));
  if (!ref.Item) return null;
  const bandeId = Number(ref.Item.id_bande);
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.oeufs(t, bandeId, kind, id), ConsistentRead: true }));
  return out.Item ? { bandeId, item: out.Item } : null;
}

function oeufsPut(t: number, kind: OeufsKind, e: CasseStockee | TransfertStocke): TxItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: { ...k.oeufs(t, e.id_bande, kind, e.id), entity: kind === 'CAS' ? 'BANDE_CASSE' : 'BANDE_TRANSFERT', version: 1, ...e },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    { Put: { TableName: tableName(), Item: { ...k.oeufsRef(t, kind, e.id), entity: 'BANDE_REF', id_bande: e.id_bande } } },
  ];
}

/**
 * A breakage or a move: its item, its pointer and the BANDE item's part (active, not archived, the
 * `guard` the exit was checked on, the revision moved). The move's product side (stock up and its
 * restock line) is added by the caller from functions/produits/public.ts, in the same transaction.
 */
export function oeufsSortieItems(t: number, kind: OeufsKind, e: CasseStockee | TransfertStocke, guard: Guard): TxItem[] {
  return [...oeufsPut(t, kind, e), totalsUpdate(t, e.id_bande, {}, guard)];
}

/**
 * A breakage's or a move's cancel: the item marked DELETED (condition: not yet) and the BANDE
 * item's part (active, not archived). No revision guard: a cancelled exit only gives eggs back, so
 * nothing checked on an older reading can become false.
 */
export function cancelItemsOf(t: number, kind: OeufsKind, bandeId: number, id: number): { item: TxItem; bande: TxItem } {
  const item: TxItem = {
    Update: {
      TableName: tableName(),
      Key: k.oeufs(t, bandeId, kind, id),
      UpdateExpression: 'SET etat = :del, deleted_at = :now ADD version :one',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(etat) OR etat <> :del)',
      ExpressionAttributeValues: { ':del': 'DELETED', ':now': new Date().toISOString(), ':one': 1 },
    },
  };
  return { item, bande: totalsUpdate(t, bandeId, {}) };
}

/** What the replay needs of a batch: its collections, withdrawals, sales, breakage and moves. */
export interface OeufsDeBande {
  collectes: Collecte[];
  attentes: AttentesBande;
  ventes: Vente[];
  casses: CasseStockee[];
  transferts: TransfertStocke[];
}

/** A collection's sizes (its JSON text); an unreadable one counts all its eggs as S (never lost). */
export function calibresDe(c: Pick<Collecte, 'calibres' | 'collecte'>): ParCalibre {
  const p = parseCalibres(String(c.calibres ?? ''));
  return p ?? { s: Number(c.collecte) || 0, m: 0, l: 0, xl: 0 };
}

/** Eggs a batch sale takes from the stock (0: réforme hens, or a cancelled sale). */
export const oeufsDeVenteBande = (v: Pick<Vente, 'quantite' | 'etat'> & { unite?: string | null }): number =>
  v.etat === 'DELETED' ? 0 : oeufsDeVente('pondeuse', { quantite: Number(v.quantite), unite: v.unite });

/**
 * The egg stock's movements of a layer batch, cancelled entries left out: its collections with
 * their sizes (those inside an egg withdrawal flagged not sellable, like the collections' list),
 * its egg sales (the batch's own and the shop's naming it, in eggs; a size when typed), breakage
 * and moves.
 */
export function mouvementsOeufs(b: OeufsDeBande): MouvementOeufs[] {
  const out: MouvementOeufs[] = [];
  for (const c of b.collectes) {
    const hors = !!attenteSur(b.attentes, c.date, 'oeufs');
    out.push({ kind: 'collecte', id: c.id, day: c.date, calibres: calibresDe(c), ...(hors ? { non_commercialisable: true } : {}) });
  }
  for (const v of b.ventes) {
    const oeufs = oeufsDeVenteBande(v as Vente & { unite?: string });
    if (oeufs > 0) out.push({ kind: 'vente', id: v.id, day: v.date, oeufs, calibre: calibreOf((v as { calibre?: unknown }).calibre) });
  }
  for (const c of b.casses) if (c.etat !== 'DELETED') out.push({ kind: 'casse', id: c.id, day: c.date, oeufs: c.oeufs, calibre: c.calibre });
  for (const x of b.transferts) if (x.etat !== 'DELETED') out.push({ kind: 'transfert', id: x.id, day: x.date, oeufs: x.oeufs, calibre: x.calibre });
  return out;
}
