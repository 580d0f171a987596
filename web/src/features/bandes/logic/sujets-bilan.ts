// Where a broiler batch's birds went, for its printed report: placed = sold from the
// batch + dead + slaughtered (each shop product they became, the rest) + alive. The counts are the
// batch's running totals (the one definition, shared/formulas `sujetsVivants`); the products come
// from the batch's copies of its slaughter records.
import { sujetsVendus, sujetsVivants } from '@shared/formulas';
import type { BandeDetail } from '@shared/schemas/bandes';

export interface LigneSujets {
  cle: string;
  libelle: string;
  sujets: number;
}

export function lignesSujets(b: Pick<BandeDetail, 'type' | 'nb_sujet' | 'nb_perte' | 'nb_vendu' | 'nb_reforme' | 'nb_abattu' | 'abatages'>): LigneSujets[] {
  const abattus = b.nb_abattu ?? 0;
  const parProduit = new Map<number, { nom: string; sujets: number }>();
  for (const a of b.abatages ?? [])
    for (const p of a.produits ?? []) parProduit.set(p.id, { nom: p.nom, sujets: (parProduit.get(p.id)?.sujets ?? 0) + p.quantite });
  const enBoutique = [...parProduit.values()].reduce((s, p) => s + p.sujets, 0);
  return [
    { cle: 'places', libelle: 'Mis en place', sujets: b.nb_sujet },
    { cle: 'vendus', libelle: 'Vendus par la bande', sujets: sujetsVendus(b) },
    { cle: 'pertes', libelle: 'Morts', sujets: b.nb_perte },
    { cle: 'abattus', libelle: 'Abattus', sujets: abattus },
    ...[...parProduit].map(([id, p]) => ({ cle: `produit-${id}`, libelle: `dont envoyés à « ${p.nom} »`, sujets: p.sujets })),
    ...(enBoutique && abattus > enBoutique ? [{ cle: 'abattus-hors-boutique', libelle: 'dont hors boutique', sujets: abattus - enBoutique }] : []),
    { cle: 'vivants', libelle: 'Encore vivants', sujets: sujetsVivants({ ...b, nb_abattu: abattus }) },
  ];
}
