// The client's balance a sale's receipt prints, read from the creance journal (one
// Query of the business's journal for a whole history, only when it holds a client's credit line).
import { refCommande, refVente, soldeApres, type MouvementCreance } from '@shared/formulas/releve';
import type { VenteLigne } from '@shared/schemas/ventes';
import { mouvementsCreance, mouvementsCreanceParClient } from '../clients/public';

/** The journal movement a line's debt came with: its sale's (a credit sale) or its order's delivery; none for cash. */
function refDeLigne(l: VenteLigne): string | null {
  if (!l.id_client) return null;
  if (l.source === 'COMMANDE' && l.id_commande) return refCommande(l.id_commande);
  if (l.source === 'BOUTIQUE' && l.type === 'EMPRUNT') return refVente(l.id_transaction);
  return null;
}

function withSoldes(lignes: VenteLigne[], journal: (idClient: number) => readonly MouvementCreance[]): VenteLigne[] {
  return lignes.map((l) => {
    const ref = refDeLigne(l);
    return ref ? { ...l, solde_client_apres: soldeApres(journal(l.id_client!), ref) } : l;
  });
}

/** A history's lines with their balances: the business's journal is read once, and only when a line needs it. */
export async function historyWithSoldes(t: number, lignes: VenteLigne[]): Promise<VenteLigne[]> {
  if (!lignes.some((l) => refDeLigne(l))) return lignes;
  const parClient = await mouvementsCreanceParClient(t);
  return withSoldes(lignes, (id) => parClient.get(id) ?? []);
}

/** The lines of one client's sale just written: one Query of that client's journal. */
export async function saleWithSoldes(t: number, idClient: number | null, lignes: VenteLigne[]): Promise<VenteLigne[]> {
  if (!idClient || !lignes.some((l) => refDeLigne(l))) return lignes;
  const mouvements = await mouvementsCreance(t, idClient);
  return withSoldes(lignes, () => mouvements);
}
