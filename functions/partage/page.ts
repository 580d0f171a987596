// The public page of one shared document: one HTML answer rendered here, no script,
// its style inline (allowed by hash: shared/partage-page.ts), French, readable at 360 px and
// printable. It shows the business's name and phone, the document, « État au … », and nothing else:
// no menu, no link, no id that opens anything. Every text that comes from the data is escaped.
import { formatCost, formatDate, formatFcfa, formatNumber, formatRate } from '@shared/format';
import { formatJour } from '@shared/dates';
import { formatPhone, type PhoneCountry } from '@shared/phone';
import { PAGE_STYLE } from '@shared/partage-page';
import { PARTAGE_MSG as M, PARTAGE_PAGE as P } from '@shared/messages/partage';
import { SHOP_MSG } from '@shared/messages/shop';
import { TYPE_BANDE } from '@shared/messages/bandes';
import type { DocumentPartage, LigneVente } from './documents';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text from the data (a product's or a client's name), safe inside an element or an attribute. */
export const esc = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (c) => ESC[c]);

/** « 21/11/2026 08:05 » (Dakar and Abidjan are UTC). */
const dateHeure = (iso: string) => `${formatJour(iso)} ${iso.slice(11, 16)}`;

const TITRES: Record<DocumentPartage['type'], string> = P.titres;

export interface Entete {
  entreprise: string;
  telephone: string | null;
  paysTel: PhoneCountry | null;
}

function frame(title: string, body: string): string {
  return (
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex,nofollow"><meta name="referrer" content="no-referrer"><title>${esc(title)}</title>` +
    `<style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`
  );
}

const clientNom = (d: DocumentPartage) => (d.client ? `${d.client.prenom} ${d.client.nom}`.trim() : '');

function remise(l: LigneVente): string {
  if (!(l.valeur_remise > 0)) return '';
  return l.type_remise === 'MONTANT' ? M.remiseMontant(formatFcfa(l.valeur_remise)) : M.remisePourcent(l.valeur_remise);
}

function solde(label: string, s: number | null): string {
  if (s === null) return '';
  return `<p class="tot">${esc(s > 0 ? label : M.compteSolde)}${s > 0 ? ` : ${formatFcfa(s)}` : ''}</p>`;
}

function corps(d: DocumentPartage): string {
  switch (d.type) {
    case 'recu_vente': {
      const lignes = d.lignes
        .map((l) => {
          const r = remise(l);
          const produit = `${esc(l.produit)}${l.annulee ? ` (${M.annulee})` : ''}${r ? `<br><span class="muted">${esc(r)} · ${P.prix} ${formatFcfa(l.prix_vente)}</span>` : ''}`;
          return `<tr${l.annulee ? ' class="x"' : ''}><td>${produit}</td><td class="n">${formatNumber(l.quantite)}</td><td class="n">${formatFcfa(l.prix_unitaire)}</td><td class="n">${l.annulee ? '—' : formatFcfa(l.total)}</td></tr>`;
        })
        .join('');
      return (
        (d.annulee ? `<p class="alert">${esc(M.venteAnnulee)}</p>` : '') +
        `<p>${d.client ? `${P.client} : <strong>${esc(clientNom(d))}</strong> · ` : ''}${P.paiement} : ${esc(SHOP_MSG.saleType[d.paiement] ?? d.paiement)}</p>` +
        `<table><thead><tr><th>${P.produit}</th><th class="n">${P.qte}</th><th class="n">${P.prixUnitaire}</th><th class="n">${P.total}</th></tr></thead><tbody>${lignes}</tbody></table>` +
        `<p class="tot">${P.total} : ${formatFcfa(d.total)}</p>` +
        solde(M.resteApresVente, d.solde)
      );
    }
    case 'recu_versement': {
      const affecte = d.affectations.reduce((s, a) => s + a.montant, 0);
      const lignes = d.affectations.map((a) => `<li>${P.commande} ${esc(a.numero_commande)} : ${formatFcfa(a.montant)}</li>`);
      if (lignes.length && d.montant! > affecte) lignes.push(`<li>${P.autresDettes} : ${formatFcfa(d.montant! - affecte)}</li>`);
      return (
        (d.annule ? `<p class="alert">${esc(M.versementAnnule)}</p>` : '') +
        `<p>${P.client} : <strong>${esc(clientNom(d))}</strong></p>` +
        `<p class="tot">${P.montantRecu} : ${formatFcfa(d.montant)}</p>` +
        (lignes.length ? `<ul>${lignes.join('')}</ul>` : '') +
        solde(M.resteAPayer, d.solde)
      );
    }
    case 'facture_commande': {
      const lignes = d.lignes
        .map(
          (l) =>
            `<tr><td>${esc(l.produit)}</td><td class="n">${formatNumber(l.quantite)}</td><td class="n">${formatFcfa(l.prix_unitaire)}</td><td class="n">${formatFcfa(l.total)}</td></tr>`,
        )
        .join('');
      const livraison = d.etat_livraison === 'DELIVERED' ? P.livree : P.prevueLe(formatDate(d.date_livraison));
      return (
        `<p>${P.client} : <strong>${esc(clientNom(d))}</strong> · ${P.livraison} : ${esc(livraison)}</p>` +
        `<table><thead><tr><th>${P.produit}</th><th class="n">${P.qte}</th><th class="n">${P.prixUnitaire}</th><th class="n">${P.total}</th></tr></thead><tbody>${lignes}</tbody></table>` +
        `<dl><dt>${P.total}</dt><dd>${formatFcfa(d.montant)}</dd><dt>${P.acompteVerse}</dt><dd>${formatFcfa(d.accompte)}</dd>` +
        d.reglements.map((r) => `<dt>${P.remboursementDu(formatDate(r.created_at))}</dt><dd>${formatFcfa(r.montant)}</dd>`).join('') +
        `</dl><p class="tot">${esc(M.resteAPayer)} : ${formatFcfa(d.reste)}</p>`
      );
    }
    case 'rapport_bande': {
      const rows: [string, string][] = [
        [P.type, TYPE_BANDE[d.type_bande] ?? d.type_bande],
        [P.demarrage, formatDate(d.debut)],
        [P.cloture, d.cloture ? formatDate(d.cloture) : P.enCours],
        [P.sujets, formatNumber(d.sujets)],
        [P.pertes, `${formatNumber(d.pertes)} (${formatRate(d.taux_mortalite)})`],
        [P.sujetsVendus, formatNumber(d.sujets_vendus)],
        [P.depenses, formatFcfa(d.depenses)],
        ...(d.aliment ? ([[P.alimentDuStock, `${formatNumber(d.aliment.kg)} kg · ${formatFcfa(d.aliment.cout)}`]] as [string, string][]) : []),
        [P.chiffreAffaires, formatFcfa(d.chiffre_affaire)],
        [P.benefice, formatFcfa(d.benefice)],
        [P.coutProduction, `${formatCost(d.cout_production)} / ${P.sujet}`],
        ...(d.taux_rentabilite !== null ? ([[P.tauxRentabilite, formatRate(d.taux_rentabilite)]] as [string, string][]) : []),
      ];
      return `<h2>${esc(d.nom)}</h2><dl>${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;
    }
    case 'releve_client': {
      const r = d.releve;
      const lignes = r.lignes
        .map((l) => {
          const plus = l.type === 'vente_credit' || l.type === 'livraison_commande' || l.type === 'annulation_versement';
          return `<tr><td>${formatJour(l.date)}</td><td>${esc(l.libelle)}</td><td class="n">${plus ? formatFcfa(l.montant) : ''}</td><td class="n">${plus ? '' : formatFcfa(l.montant)}</td><td class="n">${formatFcfa(l.solde)}</td></tr>`;
        })
        .join('');
      return (
        `<p>${P.client} : <strong>${esc(clientNom(d))}</strong> · ${P.periode} ${esc(d.reference)}</p>` +
        `<p>${P.soldeOuverture(formatJour(r.debut))} : <strong>${formatFcfa(r.solde_ouverture)}</strong></p>` +
        `<table><thead><tr><th>${P.date}</th><th>${P.operation}</th><th class="n">${P.debit}</th><th class="n">${P.credit}</th><th class="n">${P.solde}</th></tr></thead><tbody>${lignes || `<tr><td colspan="5">${P.aucunMouvement}</td></tr>`}</tbody></table>` +
        `<dl><dt>${P.ventesCredit}</dt><dd>${formatFcfa(r.ventes_credit)}</dd><dt>${P.remboursements}</dt><dd>${formatFcfa(r.versements)}</dd>` +
        `<dt>${P.ventesAnnulees}</dt><dd>${formatFcfa(r.annulations_ventes)}</dd><dt>${P.remboursementsAnnules}</dt><dd>${formatFcfa(r.annulations_versements)}</dd></dl>` +
        `<p class="tot">${P.soldeCloture(formatJour(r.fin))} : ${formatFcfa(r.solde_cloture)}</p>`
      );
    }
  }
}

/** The page of a live link: the business, the document as it is now, and when it was read. */
export function pageDocument(e: Entete, d: DocumentPartage, maintenant: string): string {
  const titre = TITRES[d.type];
  const numero = d.type === 'rapport_bande' || d.type === 'releve_client' ? '' : d.reference;
  const date = 'date' in d && d.date ? d.date : null;
  const boutique = d.boutique && d.boutique.nom.trim().toLowerCase() !== e.entreprise.trim().toLowerCase() ? d.boutique : null;
  const head =
    `<header><div><strong>${esc(e.entreprise)}</strong>` +
    (boutique ? `<br>${esc(boutique.nom)}${boutique.adresse ? ` — ${esc(boutique.adresse)}` : ''}` : '') +
    (e.telephone ? `<br>${P.tel} : ${esc(formatPhone(e.telephone, e.paysTel))}` : '') +
    `</div><div><h1>${esc(titre)}</h1>` +
    (numero ? `<div>${P.numero} ${esc(numero)}</div>` : '') +
    (date ? `<div>${P.date} : ${esc(dateHeure(date))}</div>` : '') +
    `</div></header>`;
  return frame(`${titre} ${d.reference} — ${e.entreprise}`, `${head}${corps(d)}<footer class="muted">${esc(M.etatAu(dateHeure(maintenant)))}</footer>`);
}

/** 404, 410 and 429 pages: the same look, a title and one sentence. */
export function pageMessage(titre: string, texte: string): string {
  return frame(titre, `<h1>${esc(titre)}</h1><p>${esc(texte)}</p>`);
}
