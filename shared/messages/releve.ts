// French texts of a client's account: the statement's line labels, its refusals and the
// numbers the receipts print (V-000123, R-000009), shared by the server (journal lines written with
// the debt), the migration that back-fills them and the screens.

/** A sale's receipt number: its transaction id on six digits (web RecuVentePage). */
export const numeroVente = (idTransaction: number): string => `V-${String(idTransaction).padStart(6, '0')}`;
/** A repayment's receipt number (web RecuVersementPage). */
export const numeroVersement = (id: number): string => `R-${String(id).padStart(6, '0')}`;

export const RELEVE_MSG = {
  // Statement lines (the libelle stored on each movement of the creance journal).
  libelleVente: (idTransaction: number) => `Vente ${numeroVente(idTransaction)}`,
  libelleAnnulationVente: (idTransaction: number, produit: string) => `Annulation vente ${numeroVente(idTransaction)} (${produit})`,
  libelleLivraison: (numeroCommande: string) => `Livraison commande ${numeroCommande}`,
  libelleVersement: (id: number) => `Remboursement ${numeroVersement(id)}`,
  libelleAnnulationVersement: (id: number) => `Annulation remboursement ${numeroVersement(id)}`,
  // Refusals of GET api/client/releve.
  periodeInvalide: 'Période invalide : la date de début doit précéder la date de fin.',
  finFuture: 'La fin du relevé ne peut pas être dans le futur.',
};
