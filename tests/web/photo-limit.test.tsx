// Phone photos: the picker states the limit before anything is picked, and a photo over
// it is refused in French without any upload (never the gateway's "Requête trop volumineuse").
import { fireEvent, screen } from '@testing-library/react';
import { ProduitEcomDialog } from '../../web/src/features/produits/components/ProduitEcomDialog';
import { renderWithApp, stubFetch } from './helpers';

const poulet = { id: 3, nom: 'Poulet', description: 'frais', quantite: 12, prix_cession: 1500, prix_vente: 3500, created_at: '2026-11-01T00:00:00Z' };

describe('online product photos', () => {
  it('says "20 Mo au plus" under the picker and refuses a heavier photo before sending it', async () => {
    const { calls } = stubFetch({});
    renderWithApp(<ProduitEcomDialog produit={poulet} onClose={() => {}} onSaved={() => {}} />);
    const input = screen.getByLabelText('Images') as HTMLInputElement;
    const hint = document.getElementById(input.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe("Photos de 20 Mo au plus : elles sont réduites sur votre appareil avant l'envoi.");
    const big = new File([new Uint8Array(16)], 'IMG_0001.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toBe('La photo « IMG_0001.jpg » est trop lourde : 20 Mo au plus.');
    expect(calls.filter((c) => c.url.includes('saveEcomImage'))).toEqual([]);
  });
});
