// The batch detail's technical indicators against the breed standard: a broiler weighed
// on day 35 is compared with the breeder's curve of its breed; a breed whose curve is not shipped
// (the layer strain) says so and points to "Objectifs de souche" instead of drawing nothing.
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { RACES } from '@shared/breeds';
import type { BandeDetail } from '@shared/schemas/bandes';
import { BatchInsights } from '../../web/src/features/bandes/components/BatchInsights';
import { renderWithApp } from './helpers';

function isoDaysAgo(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return d.toISOString().slice(0, 10);
}

function batch(over: Partial<BandeDetail>): BandeDetail {
  return {
    id: 1,
    nom: 'Bande test',
    type: 'chair',
    nb_sujet: 500,
    date_demarage: isoDaysAgo(35),
    statut: 'ACTIVE',
    nb_perte: 0,
    chiffre_affaire: 0,
    depense: 0,
    nb_vendu: 0,
    nb_abattu: 0,
    created_at: new Date().toISOString(),
    age_demarrage: 0,
    depenses: [],
    ventes: [],
    pertes: [],
    pesages: [],
    ...over,
  } as BandeDetail;
}

describe('BatchInsights against the breed standard', () => {
  // jsdom has no layout: the charts' size watcher only needs to exist.
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('compares a Ross 308 weighing on day 35 with the published curve (2 296 g)', () => {
    const b = batch({
      race: 'ross308',
      pesages: [
        { id: 1, id_bande: 1, poids_moyen: 2200, unite: 'g', echantillon: 20, date_prise: isoDaysAgo(0), created_at: new Date().toISOString() } as never,
      ],
    });
    renderWithApp(<BatchInsights b={b} collectes={[]} races={RACES} />);
    expect(screen.getByTestId('bande-race').textContent).toBe('Souche : Ross 308');
    expect(screen.getByText(/standard 2\s296 g \(-4,2 %\)/)).toBeTruthy();
    expect(screen.queryByText(/n’est pas encore renseignée/)).toBeNull();
  });

  it('says the layer curve is to be entered when the strain ships without one', () => {
    renderWithApp(<BatchInsights b={batch({ type: 'pondeuse', race: 'lohmann-brown', age_demarrage: 126 })} collectes={[]} races={RACES} />);
    expect(screen.getByText(/La courbe standard de Lohmann Brown-Classic n’est pas encore renseignée/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Objectifs de souche' })).toBeTruthy();
  });
});
