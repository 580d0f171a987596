// The sales-ledger lines of orders (one revenue truth: every screen sums the same ledger): a customer order becomes
// takings when it is delivered, an online order the first time it is paid or delivered. Each
// writes its lines into the same VENTE# items and by-date index as a shop sale, inside the
// delivery's (or payment's) own transaction (their ids claimed in it too, lib/repo/counters
// `idClaims`: a refused delivery takes no id), so the sales history, its turnover, the period
// dashboard's shop revenue, the month table and the CSV count it once, on that day.
import type { Boutique } from '@shared/schemas/boutiques';
import type { Client } from '@shared/schemas/clients';
import type { CommandeLigne } from '@shared/schemas/commandes';
import type { CommandeEcom } from '@shared/schemas/ecommerce';
import { getBoutique, listBoutiques } from '../boutiques/public';
import type { AuthContext } from '../lib/http';
import type { idClaims } from '../lib/repo/counters';
import type { VenteRecord } from './repository';

/**
 * The shop a ledger line of an order is recorded under: the vendeur's own shop, else the
 * business's first shop. An order needs no shop, so a business without any records shop 0
 * (the history shows no shop name) rather than refusing the delivery.
 */
async function ledgerBoutique(auth: AuthContext): Promise<Pick<Boutique, 'id' | 'nom'>> {
  const assigned = auth.role === 'vendeur' ? auth.user.idBoutique : null;
  const b = (assigned ? await getBoutique(auth.tenantId, assigned) : null) ?? (await listBoutiques(auth.tenantId))[0];
  return b ? { id: b.id, nom: b.nom } : { id: 0, nom: '' };
}

const base = (auth: AuthContext, boutique: number, at: string) => ({
  id_boutique: boutique,
  type_remise: 'MONTANT' as const,
  valeur_remise: 0,
  etat: 'VALID' as const,
  id_bande: null,
  bande_entry_id: null,
  created_at: at,
  created_by: auth.userId,
});

/**
 * One line per order line, dated the delivery (`at`). Type EMPRUNT: the accrual of a sale to a
 * client, whose unpaid balance goes onto the creance in the same transaction (the deposit was
 * cash received before, not takings).
 */
export async function commandeLedgerLines(
  auth: AuthContext,
  c: { id: number; numero_commande: string; produits: CommandeLigne[] },
  client: Pick<Client, 'id' | 'prenom' | 'nom'> | null,
  at: string,
  claims: ReturnType<typeof idClaims>,
): Promise<VenteRecord[]> {
  const boutique = await ledgerBoutique(auth);
  const first = await claims.take('VENTE_BOUTIQUE', c.produits.length);
  return c.produits.map((l, i) => ({
    ...base(auth, boutique.id, at),
    id: first + i,
    id_transaction: first,
    id_produit: l.id_produit,
    produit: l.produit,
    prix_vente: l.prix_unitaire,
    prix_unitaire: l.prix_unitaire,
    quantite: l.quantite,
    total: l.total,
    type: 'EMPRUNT',
    id_client: client?.id ?? null,
    client: client ? { id: client.id, prenom: client.prenom, nom: client.nom } : null,
    source: 'COMMANDE',
    id_commande: c.id,
    numero_commande: c.numero_commande,
  }));
}

/** The one line of an online order (a buyer without a client account: type DIRECT, no client). */
export async function ecomLedgerLine(auth: AuthContext, c: CommandeEcom, at: string, claims: ReturnType<typeof idClaims>): Promise<VenteRecord> {
  const boutique = await ledgerBoutique(auth);
  const id = await claims.take('VENTE_BOUTIQUE');
  return {
    ...base(auth, boutique.id, at),
    id,
    id_transaction: id,
    id_produit: c.id_produit,
    produit: c.nom_produit,
    prix_vente: c.prix_unitaire,
    prix_unitaire: c.prix_unitaire,
    quantite: c.quantite,
    total: c.montant_total,
    type: 'DIRECT',
    id_client: null,
    client: null,
    source: 'ECOMMERCE',
    id_commande_ecom: c.id,
    numero_commande: c.numero_commande,
  };
}
