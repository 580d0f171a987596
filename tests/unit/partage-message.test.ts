// The WhatsApp message and address of a shared document (shared/partage.ts).
import { describe, expect, it } from 'vitest';
import { lienWhatsapp, messagePartage } from '@shared/partage';

describe('sharing on WhatsApp', () => {
  it('says who sends what, how much, what is still owed, and the link', () => {
    const m = messagePartage({
      entreprise: 'Ferme Ndiaye',
      type: 'recu_vente',
      reference: 'V-000123',
      montant: 37_500,
      solde: 12_500,
      url: 'https://x.example/p/abc',
    });
    expect(m).toBe(
      'Ferme Ndiaye : votre reçu de vente V-000123\nMontant : 37 500 FCFA\nReste à payer : 12 500 FCFA\nÀ consulter ici : https://x.example/p/abc',
    );
    expect(messagePartage({ entreprise: 'Ferme Ndiaye', type: 'recu_versement', reference: 'R-000009', montant: 5_000, solde: 0, url: 'u' })).toContain(
      'Votre compte est soldé.',
    );
    expect(messagePartage({ entreprise: 'Ferme Ndiaye', type: 'rapport_bande', reference: 'Chair novembre', url: 'u' })).toBe(
      'Ferme Ndiaye : votre rapport de bande Chair novembre\nÀ consulter ici : u',
    );
  });

  it('opens the client’s chat by its international number, or lets the user choose', () => {
    expect(lienWhatsapp('+221 77 123 45 67', 'Bonjour & merci')).toBe('https://wa.me/221771234567?text=Bonjour%20%26%20merci');
    expect(lienWhatsapp(null, 'a\nb')).toBe('https://wa.me/?text=a%0Ab');
  });
});
