// The shop's side of a slaughter (docs/decisions/0246-slaughter-into-stock.md): each
// category may name the product its birds become; its quantity (birds = units) enters the product's
// stock with a restock line of origin « Production », in the slaughter's own transaction. An edit
// keeps the lines it does not change, takes back the others and writes the new ones; a cancel takes
// them all back. Every product's stock moves by ONE net item per transaction (DynamoDB refuses two
// operations on one item), so moving a category's birds from one product to another, or changing
// nothing, never asks the shop for units it has sold.
import { MAX_STOCK } from '@shared/schemas/common';
import type { Categorie } from '@shared/schemas/abattages';
import type { Produit, SourceProduction } from '@shared/schemas/produits';
import { ABATTAGE_MSG } from '@shared/messages/abattages';
import { LIMIT_MSG } from '@shared/messages/limits';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { badRequest, businessConflict, notFound } from '../lib/errors';
import { refuseWith, staleRead, type Step } from '../lib/refusal';
import { getProduit, getProduits, productionReapproCancelItems, productionReapproItems, stockAdd, stockAddRefusal, stockTake } from '../produits/public';
import { lignesOf, type AbattageItem, type LigneProduction } from './repository';

/**
 * The products a slaughter names, checked once before anything is written: in the business (404:
 * another business's product is not found), a meat product (an egg product counts eggs, not birds),
 * not archived unless the record already fed it (`deja`).
 */
export async function checkProduits(t: number, ids: number[], deja: ReadonlySet<number>): Promise<Map<number, Produit>> {
  const found = ids.length ? await getProduits(t, ids) : new Map<number, Produit>();
  for (const id of ids) {
    const p = found.get(id);
    if (!p) throw notFound(ABATTAGE_MSG.produitNotFound);
    if (p.oeufs_par_unite) throw badRequest(ABATTAGE_MSG.produitOeufs(p.nom));
    if (p.archive && !deja.has(id)) throw badRequest(ABATTAGE_MSG.produitArchive(p.nom));
  }
  return found;
}

/** A category as sent, with its place in the body. */
interface Demandee {
  id?: number | null;
  quantite: number;
  id_produit?: number | null;
  index: number;
}

/** What the record's categories do to the shop: lines kept as they are, taken back, and new ones. */
export interface Plan {
  gardees: LigneProduction[];
  reprises: LigneProduction[];
  /** New lines, in order; their ids are the k-th of the ids taken for them. */
  nouvelles: { index: number; id_produit: number; quantite: number }[];
}

/**
 * The lines of an edit (or a new record: `before` null). A category's line is kept when the
 * category keeps its id, its product and its quantity and the record its batch and day (the line's
 * source says both); any other change takes the old line back and writes a new one.
 */
export function lignesNouvelles(
  before: AbattageItem | null,
  demandees: Demandee[],
  cible: { id_bande: number; day: string },
  produits: ReadonlyMap<number, Produit>,
): Plan & { categorie: (c: Categorie, i: number, ids: number[]) => Categorie } {
  const anciennes = before ? lignesOf(before) : [];
  const parCategorie = new Map<number, LigneProduction>();
  if (before)
    for (const c of before.categories)
      if (c.id_reappro)
        parCategorie.set(
          c.id,
          anciennes.find((l) => l.id_reappro === c.id_reappro)!,
        );
  const memeSource = !!before && before.id_bande === cible.id_bande && before.date.slice(0, 10) === cible.day;
  const gardee = new Map<number, LigneProduction>();
  const nouvelles: Plan['nouvelles'] = [];
  for (const c of demandees) {
    if (!c.id_produit) continue;
    const old = c.id && c.id > 0 ? parCategorie.get(c.id) : undefined;
    if (old && memeSource && old.id_produit === c.id_produit && old.quantite === c.quantite) gardee.set(c.index, old);
    else nouvelles.push({ index: c.index, id_produit: c.id_produit, quantite: c.quantite });
  }
  const kept = new Set([...gardee.values()].map((l) => l.id_reappro));
  return {
    gardees: [...gardee.values()],
    reprises: anciennes.filter((l) => !kept.has(l.id_reappro)),
    nouvelles,
    categorie: (c, i, ids) => {
      const id_produit = demandees[i]?.id_produit;
      if (!id_produit) return c;
      const k = nouvelles.findIndex((n) => n.index === i);
      const id_reappro = k >= 0 ? ids[k] : gardee.get(i)!.id_reappro;
      return { ...c, id_produit, produit: { id: id_produit, nom: produits.get(id_produit)?.nom ?? gardee.get(i)?.produit_nom ?? '' }, id_reappro };
    },
  };
}

/**
 * The products' stock moves of a plan, checked on the stock as it now is (a take the shop can no
 * longer give: 409 « déjà vendu »; an add past the stock limit: 400), and their transaction steps,
 * whose conditions hold the same checks against the sales landing in between.
 */
export async function mouvementsProduits(
  t: number,
  plan: Plan,
  noms: ReadonlyMap<number, Produit>,
): Promise<{ steps: (ids: number[], source: SourceProduction | null, at: string) => Step[] }> {
  const net = new Map<number, number>();
  for (const l of plan.reprises) net.set(l.id_produit, (net.get(l.id_produit) ?? 0) - l.quantite);
  for (const l of plan.nouvelles) net.set(l.id_produit, (net.get(l.id_produit) ?? 0) + l.quantite);
  const nomDe = (id: number) => noms.get(id)?.nom ?? plan.reprises.find((l) => l.id_produit === id)?.produit_nom ?? '';
  const moving = [...net].filter(([, d]) => d !== 0);
  const now = moving.length
    ? await getProduits(
        t,
        moving.map(([id]) => id),
      )
    : new Map<number, Produit>();
  for (const [id, d] of moving) {
    const p = now.get(id);
    if (!p) throw notFound(ABATTAGE_MSG.produitNotFound);
    if (d < 0 && p.quantite < -d) throw businessConflict(OEUFS_MSG.dejaVendu(p.nom, p.quantite, -d));
    if (d > 0 && p.quantite + d > MAX_STOCK) throw badRequest(LIMIT_MSG.stock(p.nom));
  }
  const sold = (id: number, d: number) => async () => {
    const p = await getProduit(t, id);
    return businessConflict(OEUFS_MSG.dejaVendu(p?.nom ?? nomDe(id), p?.quantite ?? 0, d));
  };
  return {
    steps: (ids, source, at) => [
      // A line taken back is still VALID unless another writer took it first: read again.
      ...plan.reprises.map((l) =>
        refuseWith(staleRead, productionReapproCancelItems(t, { id: l.id_reappro, id_produit: l.id_produit, quantite: l.quantite }, at).ligne),
      ),
      ...plan.nouvelles.map(
        (l, k) =>
          productionReapproItems(t, {
            id: ids[k],
            id_produit: l.id_produit,
            produit_nom: nomDe(l.id_produit),
            quantite: l.quantite,
            created_at: at,
            source: source!,
          }).ligne,
      ),
      ...moving.map(([id, d]) => (d > 0 ? refuseWith(() => stockAddRefusal(t, id), stockAdd(t, id, d)) : refuseWith(sold(id, -d), stockTake(t, id, -d)))),
    ],
  };
}
