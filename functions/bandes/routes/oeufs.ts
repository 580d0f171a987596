// A layer flock's egg stock (docs/oeufs.md, decisions 0243–0245): its stock by size and
// its movements, breakage (casse) and moves to a shop product (transfert), with their GET cancels.
// Every exit is checked by the one replay (shared/formulas/oeufs.ts `premierManqueAjoute`) against
// the batch as read, and written under the batch's revision guard: an exit racing another one reads
// and checks again (untilWritten), so no day ever goes below zero.
import type { z } from 'zod/mini';
import { createdAtFrom } from '@shared/dates';
import { enPlateaux, rejouerOeufs, rupturesOeufs, stockOeufsAu, versOeufs } from '@shared/formulas/oeufs';
import { BANDE_MSG } from '@shared/messages/bandes';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import type { Collecte } from '@shared/schemas/bandes';
import type {
  CasseOeufsResponse,
  MouvementOeufsVue,
  StockOeufsResponse,
  TransfertOeufsResponse,
  casseOeufsSchema,
  transfertOeufsSchema,
} from '@shared/schemas/oeufs';
import { badRequest, businessConflict, notFound } from '../../lib/errors';
import type { RouteContext } from '../../lib/http';
import { idClaims } from '../../lib/repo/counters';
import { refuseEachWith, refuseWith, staleRead, transactOrRefuse, type Step } from '../../lib/refusal';
import { getProduit, productionReapproCancelItems, productionReapproItems, stockAddRefusal } from '../../produits/public';
import * as repo from '../repository';
import { activeState, checkAttente, checkDay, checkOeufs, today, untilWritten } from '../limits';

/** A layer batch's state for an egg write, or the French 404 / 400 (closed, archived, broilers). */
async function pondeuse(t: number, id: number): Promise<repo.BandeState> {
  const s = await activeState(t, id);
  if (s.bande.type !== 'pondeuse') throw badRequest(OEUFS_MSG.pasPondeuse);
  return s;
}

/** Eggs of a quantity typed in eggs or trays: whole eggs only. */
function oeufsDe(quantite: number, unite: 'oeuf' | 'plateau'): number {
  const oeufs = versOeufs(quantite, unite);
  if (!Number.isInteger(oeufs) || oeufs <= 0) throw badRequest(OEUFS_MSG.oeufsEntiers);
  return oeufs;
}

const vueCasse = (c: repo.CasseStockee): MouvementOeufsVue => ({
  id: c.id,
  genre: 'casse',
  date: c.date,
  oeufs: -c.oeufs,
  calibre: c.calibre,
  motif: c.motif,
  created_at: c.created_at,
  ...(c.etat ? { etat: c.etat } : {}),
});

const vueTransfert = (x: repo.TransfertStocke): MouvementOeufsVue => ({
  id: x.id,
  genre: 'transfert',
  date: x.date,
  oeufs: -x.oeufs,
  calibre: x.calibre,
  produit: { id: x.id_produit, nom: x.produit_nom },
  unites_produit: x.unites_produit,
  created_at: x.created_at,
  ...(x.etat ? { etat: x.etat } : {}),
});

function vueCollecte(c: Collecte, annulee: boolean, horsVente: boolean): MouvementOeufsVue {
  return {
    id: c.id,
    genre: 'collecte',
    date: c.date,
    oeufs: Number(c.collecte),
    calibre: null,
    calibres: repo.calibresDe(c),
    ...(horsVente ? { non_commercialisable: true as const } : {}),
    ...(annulee ? { etat: 'DELETED' as const } : {}),
    created_at: String(c.created_at),
  };
}

/** GET api/bande/oeufs/{id}: the stock today, by size, held apart, where the eggs went, the movements. */
export async function getStockOeufs(ctx: RouteContext<unknown, { id: number }>): Promise<StockOeufsResponse> {
  const t = ctx.auth.tenantId;
  const c = await repo.getCollection(t, ctx.params.id);
  if (!c) throw notFound(OEUFS_MSG.bandeNotFound);
  if (c.bande.type !== 'pondeuse') throw badRequest(OEUFS_MSG.pasPondeuse);
  const mouvements = repo.mouvementsOeufs(c);
  const r = rejouerOeufs(mouvements);
  const now = stockOeufsAu(r, today());
  const horsVente = new Set(mouvements.filter((m) => m.kind === 'collecte' && m.non_commercialisable).map((m) => m.id));
  const sum = (kind: 'vente' | 'casse' | 'transfert') => mouvements.reduce((s, m) => s + (m.kind === kind ? m.oeufs : 0), 0);
  const parProduit = new Map<number, StockOeufsResponse['bilan']['par_produit'][number]>();
  for (const x of c.transferts) {
    if (x.etat === 'DELETED') continue;
    const p = parProduit.get(x.id_produit) ?? { id_produit: x.id_produit, nom: x.produit_nom, oeufs: 0, unites: 0 };
    p.oeufs += x.oeufs;
    p.unites += x.unites_produit;
    parProduit.set(x.id_produit, p);
  }
  const vues: MouvementOeufsVue[] = [
    ...c.collectes.map((x) => vueCollecte(x, false, horsVente.has(x.id))),
    ...c.collectesAnnulees.map((x) => vueCollecte(x, true, false)),
    ...c.ventes
      .filter((v) => repo.oeufsDeVenteBande({ ...v, etat: 'ACTIVE' }) > 0)
      .map((v) => ({
        id: v.id,
        genre: 'vente' as const,
        date: v.date,
        oeufs: -repo.oeufsDeVenteBande({ ...v, etat: 'ACTIVE' }),
        calibre: ((v as { calibre?: MouvementOeufsVue['calibre'] }).calibre ?? null) as MouvementOeufsVue['calibre'],
        ...(v.etat === 'DELETED' ? { etat: 'DELETED' as const } : {}),
        created_at: String(v.created_at),
      })),
    ...c.casses.map(vueCasse),
    ...c.transferts.map(vueTransfert),
  ];
  // Newest first: by day, then by when it was typed.
  vues.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : b.id - a.id));
  return {
    id_bande: c.bande.id,
    stock_oeufs: now.total,
    plateaux: enPlateaux(now.total),
    par_calibre: now.par_calibre,
    non_commercialisables: r.non_commercialisables,
    bilan: {
      collectes: mouvements.reduce((s, m) => s + (m.kind === 'collecte' ? m.calibres.s + m.calibres.m + m.calibres.l + m.calibres.xl : 0), 0),
      vendus: sum('vente'),
      casses: sum('casse'),
      transferes: sum('transfert'),
      par_produit: [...parProduit.values()].sort((a, b) => a.id_produit - b.id_produit),
    },
    ruptures: rupturesOeufs(r),
    mouvements: vues,
  };
}

// ── breakage ──

/** POST api/bande/oeufs/casse: eggs broken or lost on a day (an egg withdrawal does not block it). */
export async function addCasseOeufs(ctx: RouteContext<z.output<typeof casseOeufsSchema>>): Promise<CasseOeufsResponse> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const createdAt = createdAtFrom(b.saisi_le);
  return untilWritten(async () => {
    const s = await pondeuse(t, b.id_bande);
    checkDay(b.date, s.bande);
    const oeufs = oeufsDe(b.quantite, b.unite);
    const calibre = b.calibre ?? null;
    const avant = repo.mouvementsOeufs(s);
    checkOeufs(avant, [...avant, { kind: 'casse', id: 0, day: b.date, oeufs, calibre }]);
    // Claimed once the checks passed, in the transaction below: a refused breakage takes no id.
    const claims = idClaims(t);
    const id = await claims.take('CASSE_OEUFS');
    const casse: repo.CasseStockee = {
      id,
      id_bande: b.id_bande,
      quantite: b.quantite,
      unite: b.unite,
      oeufs,
      calibre,
      motif: b.motif,
      date: b.date,
      created_at: createdAt,
    };
    // Checked against the withdrawals as read too: a treatment landing in between may hold eggs apart.
    await transactOrRefuse(
      refuseEachWith(staleRead, [...repo.oeufsSortieItems(t, 'CAS', casse, repo.withSante(repo.revGuard(s), s)), ...claims.items]),
      repo.GUARDED_CONFLICT_ATTEMPTS,
    );
    return { code: 200, message: OEUFS_MSG.casseEnregistree, casse: vueCasse(casse) };
  });
}

/** The breakage or move `id` of this business (404 otherwise), not cancelled yet (400). */
async function oeufsEntry(t: number, kind: 'CAS' | 'TRF', id: number, missing: string) {
  const found = await repo.getOeufsEntry(t, kind, id);
  if (!found) throw notFound(missing);
  if (found.item.etat === 'DELETED') throw badRequest(OEUFS_MSG.dejaAnnule);
  return found;
}

/** Why a cancel's BANDE item refused: the batch closed or archived meanwhile. */
const bandeFermee = (t: number, bandeId: number) => async () => {
  const b = await repo.getBande(t, bandeId);
  return badRequest(b?.archive ? ARCHIVE_MSG.bandeArchivee : BANDE_MSG.closed);
};

/** GET api/bande/oeufs/casse/delete/{id}: the eggs come back into the stock (nothing to check). */
export async function cancelCasseOeufs(ctx: RouteContext<unknown, { id: number }>): Promise<CasseOeufsResponse> {
  const t = ctx.auth.tenantId;
  const { bandeId, item } = await oeufsEntry(t, 'CAS', ctx.params.id, OEUFS_MSG.casseNotFound);
  const c = repo.cancelItemsOf(t, 'CAS', bandeId, ctx.params.id);
  await transactOrRefuse([refuseWith(badRequest(OEUFS_MSG.dejaAnnule), c.item), refuseWith(bandeFermee(t, bandeId), c.bande)]);
  return { code: 200, message: OEUFS_MSG.casseAnnulee, casse: vueCasse({ ...repo.toCasse(item), etat: 'DELETED' }) };
}

// ── moves to the shop ──

/**
 * POST api/bande/oeufs/transfert: eggs of the batch become units of a shop egg product, both
 * stocks moving in one transaction with the product's restock line of origin « Production »
 * (decision 0244). The eggs of a day inside an egg withdrawal are not sellable: refused.
 */
export async function addTransfertOeufs(ctx: RouteContext<z.output<typeof transfertOeufsSchema>>): Promise<TransfertOeufsResponse> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const createdAt = createdAtFrom(b.saisi_le);
  return untilWritten(async () => {
    const s = await pondeuse(t, b.id_bande);
    checkDay(b.date, s.bande);
    checkAttente(s.attentes, b.date, 'oeufs');
    const p = await getProduit(t, b.id_produit);
    if (!p) throw notFound(OEUFS_MSG.produitNotFound);
    if (p.archive) throw badRequest(OEUFS_MSG.produitArchive);
    if (!p.oeufs_par_unite) throw badRequest(OEUFS_MSG.produitSansOeufs(p.nom));
    const oeufs = oeufsDe(b.quantite, b.unite);
    if (oeufs % p.oeufs_par_unite) throw badRequest(OEUFS_MSG.unitesEntieres(oeufs, p.oeufs_par_unite, p.nom));
    const unites = oeufs / p.oeufs_par_unite;
    const calibre = b.calibre ?? null;
    const avant = repo.mouvementsOeufs(s);
    checkOeufs(avant, [...avant, { kind: 'transfert', id: 0, day: b.date, oeufs, calibre }]);
    // Claimed in the transaction below: a refused move (the product's stock, a lost race) takes no id.
    const claims = idClaims(t);
    const id = await claims.take('TRANSFERT_OEUFS');
    const idReappro = await claims.take('REAPPRO');
    const transfert: repo.TransfertStocke = {
      id,
      id_bande: b.id_bande,
      id_produit: p.id,
      produit_nom: p.nom,
      quantite: b.quantite,
      unite: b.unite,
      oeufs,
      calibre,
      unites_produit: unites,
      id_reappro: idReappro,
      date: b.date,
      created_at: createdAt,
    };
    const shop = productionReapproItems(t, {
      id: idReappro,
      id_produit: p.id,
      produit_nom: p.nom,
      quantite: unites,
      created_at: createdAt,
      source: { type: 'oeufs', id, id_bande: b.id_bande, bande_nom: s.bande.nom, date: b.date },
    });
    // The claims first: a lost claim is what a refusal of the restock line's Put (same id) means.
    const steps: Step[] = [
      ...refuseEachWith(staleRead, claims.items),
      ...refuseEachWith(staleRead, repo.oeufsSortieItems(t, 'TRF', transfert, repo.withSante(repo.revGuard(s), s))),
      refuseWith(() => stockAddRefusal(t, p.id), shop.stock),
      shop.ligne,
    ];
    await transactOrRefuse(steps, repo.GUARDED_CONFLICT_ATTEMPTS);
    const after = await getProduit(t, p.id);
    return {
      code: 200,
      message: OEUFS_MSG.transfertEnregistre,
      transfert: vueTransfert(transfert),
      produit: { id: p.id, nom: p.nom, quantite: after?.quantite ?? p.quantite + unites },
    };
  });
}

/**
 * GET api/bande/oeufs/transfert/delete/{id}: the eggs come back to the batch and the units leave
 * the product with its restock line, in one transaction; refused (409) when the shop no longer
 * holds those units (it sold them): the product's stock condition holds against a sale racing it.
 */
export async function cancelTransfertOeufs(ctx: RouteContext<unknown, { id: number }>): Promise<TransfertOeufsResponse> {
  const t = ctx.auth.tenantId;
  const { bandeId, item } = await oeufsEntry(t, 'TRF', ctx.params.id, OEUFS_MSG.transfertNotFound);
  const x = repo.toTransfert(item);
  const c = repo.cancelItemsOf(t, 'TRF', bandeId, x.id);
  const shop = productionReapproCancelItems(t, { id: x.id_reappro, id_produit: x.id_produit, quantite: x.unites_produit }, new Date().toISOString());
  const vendu = async () => {
    const p = await getProduit(t, x.id_produit);
    return p ? businessConflict(OEUFS_MSG.dejaVendu(p.nom, p.quantite, x.unites_produit)) : notFound(OEUFS_MSG.produitNotFound);
  };
  await transactOrRefuse([
    refuseWith(badRequest(OEUFS_MSG.dejaAnnule), c.item),
    refuseWith(bandeFermee(t, bandeId), c.bande),
    refuseWith(badRequest(OEUFS_MSG.dejaAnnule), shop.ligne),
    refuseWith(vendu, shop.stock),
  ]);
  const p = await getProduit(t, x.id_produit);
  return {
    code: 200,
    message: OEUFS_MSG.transfertAnnule,
    transfert: vueTransfert({ ...x, etat: 'DELETED' }),
    produit: { id: x.id_produit, nom: p?.nom ?? x.produit_nom, quantite: p?.quantite ?? 0 },
  };
}
