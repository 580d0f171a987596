// The five documents a link may share, read from their domains (through each one's public.ts) and
// reduced to what the public page prints and the WhatsApp message says. One reader
// serves the share (the document must be this business's: else null → 404) and the page (read again
// on every request: the page shows the document as it is now, a cancelled line says so).
import { batchFigures, sujetsVendus } from '@shared/formulas';
import { releve, soldeApres, type Releve } from '@shared/formulas/releve';
import type { TypePartage } from '@shared/schemas/partage';
import type { Client } from '@shared/schemas/clients';
import type { Affectation } from '@shared/schemas/versements';
import type { CommandeLigne, EtatLivraison, Reglement } from '@shared/schemas/commandes';
import type { TypeRemise } from '@shared/pricing';
import { venteTransaction } from '../ventes/public';
import { getVersement } from '../versements/public';
import { getCommande, resteAPayer } from '../commandes/public';
import { getCollection } from '../bandes/public';
import { alimentDUneBande } from '../aliment/public';
import { getClient, mouvementsCreance } from '../clients/public';
import { getBoutique } from '../boutiques/public';
import { PARTAGE_MSG } from '@shared/messages/partage';

const num = (prefix: string, id: number, width = 6) => `${prefix}-${String(id).padStart(width, '0')}`;

export interface LigneVente {
  produit: string;
  quantite: number;
  prix_unitaire: number;
  /** Before the discount, when there was one. */
  prix_vente: number;
  type_remise: TypeRemise;
  valeur_remise: number;
  total: number;
  annulee: boolean;
}

interface Commun {
  /** « V-000123 », « CMD-000012 », the batch's name, « du 01/11/2026 au 30/11/2026 ». */
  reference: string;
  /** The amount the message states, when the document has one. */
  montant: number | null;
  /** What the client still owes after it (the message's « Reste à payer »), when it is a client's. */
  solde: number | null;
  /** The client the link goes to (their phone for wa.me), when the document has one. */
  client: Pick<Client, 'id' | 'prenom' | 'nom' | 'telephone'> | null;
  /** The shop whose name prints under the business's (a sale). */
  boutique: { nom: string; adresse?: string | null } | null;
}

export type DocumentPartage = Commun &
  (
    | { type: 'recu_vente'; date: string; paiement: string; lignes: LigneVente[]; total: number; annulee: boolean }
    | { type: 'recu_versement'; date: string; annule: boolean; affectations: Affectation[] }
    | {
        type: 'facture_commande';
        date: string;
        lignes: CommandeLigne[];
        accompte: number;
        reglements: Reglement[];
        reste: number;
        date_livraison: string;
        etat_livraison: EtatLivraison;
      }
    | {
        type: 'rapport_bande';
        date: string | null;
        nom: string;
        type_bande: string;
        debut: string;
        cloture: string | null;
        sujets: number;
        pertes: number;
        taux_mortalite: number;
        sujets_vendus: number;
        depenses: number;
        aliment: { kg: number; cout: number } | null;
        chiffre_affaire: number;
        benefice: number;
        cout_production: number;
        taux_rentabilite: number | null;
      }
    | { type: 'releve_client'; releve: Releve }
  );

export interface Lecture {
  tenantId: number;
  type: TypePartage;
  id: number;
  debut?: string;
  fin?: string;
  /** A vendeur tied to a shop shares only that shop's sales (as cancelVente's shopScope). */
  boutique?: number | null;
}

const clientOf = (c: Client | null) => (c ? { id: c.id, prenom: c.prenom, nom: c.nom, telephone: c.telephone } : null);

/** The document as it is now, or null when it is not this business's (or not this shop's). */
export async function lireDocument(l: Lecture): Promise<DocumentPartage | null> {
  const t = l.tenantId;
  switch (l.type) {
    case 'recu_vente': {
      const lignes = await venteTransaction(t, l.id);
      const first = lignes[0];
      if (!first || (l.boutique && first.id_boutique !== l.boutique)) return null;
      const total = lignes.filter((x) => x.etat === 'VALID').reduce((s, x) => s + x.total, 0);
      const [client, boutique, journal] = await Promise.all([
        first.id_client ? getClient(t, first.id_client) : null,
        getBoutique(t, first.id_boutique),
        first.id_client && first.type === 'EMPRUNT' ? mouvementsCreance(t, first.id_client) : [],
      ]);
      return {
        type: 'recu_vente',
        reference: num('V', l.id),
        montant: total,
        solde: first.type === 'EMPRUNT' && client ? soldeApres(journal, `vente:${l.id}`) : null,
        client: clientOf(client),
        boutique: boutique ? { nom: boutique.nom, adresse: boutique.adresse } : null,
        date: first.created_at,
        paiement: first.type,
        lignes: lignes.map((x) => ({
          produit: x.produit,
          quantite: x.quantite,
          prix_unitaire: x.prix_unitaire,
          prix_vente: x.prix_vente,
          type_remise: x.type_remise,
          valeur_remise: x.valeur_remise,
          total: x.total,
          annulee: x.etat !== 'VALID',
        })),
        total,
        annulee: lignes.every((x) => x.etat !== 'VALID'),
      };
    }
    case 'recu_versement': {
      const v = await getVersement(t, l.id);
      if (!v) return null;
      const [client, journal] = await Promise.all([getClient(t, v.id_client), mouvementsCreance(t, v.id_client)]);
      return {
        type: 'recu_versement',
        reference: num('R', v.id),
        montant: v.montant,
        solde: v.etat === 'VALID' ? soldeApres(journal, `versement:${v.id}`) : null,
        client: clientOf(client),
        boutique: null,
        date: v.created_at,
        annule: v.etat !== 'VALID',
        affectations: v.affectations,
      };
    }
    case 'facture_commande': {
      const c = await getCommande(t, l.id);
      if (!c) return null;
      const client = await getClient(t, c.id_client);
      const reste = resteAPayer(c);
      return {
        type: 'facture_commande',
        reference: c.numero_commande,
        montant: c.montant_total,
        solde: reste,
        client: clientOf(client),
        boutique: null,
        date: c.created_at,
        lignes: c.produits,
        accompte: c.accompte,
        reglements: c.reglements ?? [],
        reste,
        date_livraison: c.date_livraison,
        etat_livraison: c.etat_livraison,
      };
    }
    case 'rapport_bande': {
      const c = await getCollection(t, l.id);
      if (!c) return null;
      const b = c.bande;
      // The feed eaten from the store is one of the batch's costs, counted as its detail counts it.
      const aliment = c.consommations.length ? await alimentDUneBande(t, b.id, b.nom, c.consommations) : null;
      const cout = aliment && aliment.kg > 0 ? aliment.cout : 0;
      const f = batchFigures({ nb_sujet: b.nb_sujet, ventes: c.ventes, depenses: c.depenses, pertes: c.pertes, cout_aliment: cout });
      return {
        type: 'rapport_bande',
        reference: b.nom,
        montant: null,
        solde: null,
        client: null,
        boutique: null,
        date: b.closed_at ?? null,
        nom: b.nom,
        type_bande: b.type,
        debut: b.date_demarage,
        cloture: b.closed_at ?? null,
        sujets: b.nb_sujet,
        pertes: f.pertes,
        taux_mortalite: f.tauxMortalite,
        sujets_vendus: sujetsVendus(b),
        depenses: f.depenses,
        aliment: aliment && aliment.kg > 0 ? { kg: aliment.kg, cout: aliment.cout } : null,
        chiffre_affaire: f.chiffreAffaire,
        benefice: f.benefice,
        cout_production: f.coutProduction,
        taux_rentabilite: f.tauxRentabilite,
      };
    }
    case 'releve_client': {
      const client = await getClient(t, l.id);
      if (!client || !l.debut || !l.fin) return null;
      const r = releve(await mouvementsCreance(t, l.id), l.debut, l.fin);
      return {
        type: 'releve_client',
        reference: PARTAGE_MSG.periodeReleve(l.debut, l.fin),
        montant: null,
        solde: r.solde_cloture,
        client: clientOf(client),
        boutique: null,
        releve: r,
      };
    }
  }
}
