// CSV exports (web/src/lib/csv.ts): what Excel in a French locale opens as columns —
// UTF-8 BOM, ';' separator, CRLF, dates dd/mm/yyyy, decimal comma, quoted fields, formulas
// neutralised — and the DataTable button that downloads every row, not only the page shown.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCsv } from '../../web/src/lib/csv';
import { BANDES_CSV, depensesCsv, ventesBandeCsv } from '../../web/src/features/bandes/logic/csv';
import { VENTES_CSV, ventesCsv } from '../../web/src/features/ventes/logic/csv';
import { PRODUITS_CSV } from '../../web/src/features/produits/logic/csv';
import { DataTable } from '../../web/src/lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../web/src/lib/ui/Paginator';

type Vente = { id: number; produit: string; quantite: number; total: number; created_at: string };
const COLS = [
  { label: 'Date', value: (v: Vente) => v.created_at, date: true },
  { label: 'Produit', value: (v: Vente) => v.produit },
  { label: 'Quantité', value: (v: Vente) => v.quantite },
  { label: 'Total (FCFA)', value: (v: Vente) => v.total },
];

describe('a batch’s sales CSV', () => {
  const v = (id: number, quantite: number, unite: 'oeuf' | 'plateau' | 'sujet' | undefined, calibre: 'm' | null = null) => ({
    id,
    id_vente: id,
    id_bande: 1,
    prix_unitaire: 100,
    quantite,
    ...(unite ? { unite } : {}),
    calibre,
    prix_total: 100 * quantite,
    created_at: '2026-03-05T10:00:00.000Z',
    date: '2026-03-05',
    etat: 'ACTIVE' as const,
  });
  it('a layer batch’s sales say their eggs as trays and eggs and their size; hens leave both empty', () => {
    const lines = toCsv(ventesBandeCsv('pondeuse'), [v(1, 95, 'oeuf', 'm'), v(2, 2.5, 'plateau'), v(3, 4, 'sujet'), v(4, 30, undefined)])
      .slice(1)
      .split('\r\n');
    expect(lines[0]).toBe('Date;Quantité;Unité;Plateaux et œufs;Calibre;Prix unitaire (FCFA);Total (FCFA);État;Boutique');
    expect(lines[1]).toBe('05/03/2026;95;œufs;3 plateaux et 5 œufs;M;100;9500;Validée;');
    expect(lines[2]).toBe('05/03/2026;2,5;plateaux de 30;2 plateaux et 15 œufs;;100;250;Validée;');
    expect(lines[3]).toBe('05/03/2026;4;poules de réforme;;;100;400;Validée;');
    expect(lines[4]).toBe('05/03/2026;30;œufs;1 plateau;;100;3000;Validée;');
  });
  it('a broiler batch’s sales have neither column', () => {
    expect(toCsv(ventesBandeCsv('chair'), []).slice(1).split('\r\n')[0]).toBe('Date;Quantité;Unité;Prix unitaire (FCFA);Total (FCFA);État;Boutique');
  });
});

describe('the products CSV', () => {
  it('says an egg product’s stock in eggs and in trays and eggs; another product leaves them empty', () => {
    const p = (id: number, nom: string, quantite: number, oeufs_par_unite: number | null) => ({
      id,
      nom,
      quantite,
      prix_cession: 1800,
      prix_vente: 2500,
      oeufs_par_unite,
    });
    const lines = toCsv(PRODUITS_CSV, [p(1, 'Plateau M', 5, 30), p(2, 'Boîte de 12', 3, 12), p(3, 'Poulet PAC', 8, null)] as never[])
      .slice(1)
      .split('\r\n');
    expect(lines[0]).toBe('Produit;Stock;Œufs par unité;Œufs en stock;Plateaux et œufs;Prix de cession (FCFA);Prix de vente (FCFA)');
    expect(lines[1]).toBe('Plateau M;5;30;150;5 plateaux;1800;2500');
    expect(lines[2]).toBe('Boîte de 12;3;12;36;1 plateau et 6 œufs;1800;2500');
    expect(lines[3]).toBe('Poulet PAC;8;;;;1800;2500');
  });
});

describe('the sales history CSV', () => {
  it('says the eggs of an egg product’s line (a number, and trays and eggs); another line leaves them empty', () => {
    const l = (id: number, id_produit: number, produit: string, quantite: number) => ({
      id,
      id_produit,
      produit,
      quantite,
      created_at: '2026-03-02T10:00:00Z',
      boutique: { nom: 'B' },
      prix_unitaire: 2500,
      total: 2500 * quantite,
      type: 'DIRECT',
      etat: 'VALID',
      client: null,
    });
    const parUnite = new Map([[1, 30]]);
    const lines = toCsv(
      ventesCsv((id) => parUnite.get(id)),
      [l(1, 1, 'Plateau M', 5), l(2, 2, 'Poulet PAC', 2)] as never[],
    )
      .slice(1)
      .split('\r\n');
    const header = lines[0].split(';');
    const col = (line: string, label: string) => line.split(';')[header.indexOf(label)];
    expect(header.slice(-2)).toEqual(['Œufs', 'Plateaux et œufs']);
    expect([col(lines[1], 'Œufs'), col(lines[1], 'Plateaux et œufs')]).toEqual(['150', '5 plateaux']);
    expect([col(lines[2], 'Œufs'), col(lines[2], 'Plateaux et œufs')]).toEqual(['', '']);
  });
});

describe('toCsv', () => {
  it('writes a BOM, ";" between fields, CRLF lines, dates dd/mm/yyyy and decimal commas', () => {
    const csv = toCsv(COLS, [
      { id: 1, produit: 'Poulet', quantite: 2.5, total: 7500, created_at: '2026-03-05T10:20:00.000Z' },
      { id: 2, produit: 'Œufs; plateau "30"', quantite: 1, total: 2000, created_at: '2026-12-31' },
    ]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Date;Produit;Quantité;Total (FCFA)',
      '05/03/2026;Poulet;2,5;7500',
      '31/12/2026;"Œufs; plateau ""30""";1;2000',
      '',
    ]);
  });

  it('neutralises a text Excel would run as a formula, leaves empty values empty', () => {
    const csv = toCsv([{ label: 'Nom', value: (r: { n: string | null }) => r.n }], [{ n: '=HYPERLINK("x")' }, { n: null }, { n: '-5 poulets' }]);
    expect(csv.slice(1).split('\r\n')).toEqual(['Nom', `"'=HYPERLINK(""x"")"`, '', "'-5 poulets", '']);
  });

  it('writes a phone number as it is (« +225 07 12 34 56 78 », no quote), still neutralises a formula starting with +', () => {
    const csv = toCsv(
      [{ label: 'Téléphone', value: (r: { t: string }) => r.t }],
      [{ t: '+225 07 12 34 56 78' }, { t: '+221\u00a077\u00a0123\u00a045\u00a067' }, { t: '+SUM(A1:A9)' }, { t: '+1+cmd|calc' }],
    );
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Téléphone',
      '+225 07 12 34 56 78',
      '+221\u00a077\u00a0123\u00a045\u00a067',
      "'+SUM(A1:A9)",
      "'+1+cmd|calc",
      '',
    ]);
  });
});

describe('the exports say in French what the app stores as codes', () => {
  it('a batch’s type (Chair, Pondeuse), an expense’s unit (sac de 50 kg), a sale’s type (Comptant, À crédit, Don)', () => {
    const bande = {
      nom: 'Lot 1',
      type: 'chair',
      nb_sujet: 500,
      date_demarage: '2026-03-01',
      statut: 'ACTIVE',
      nb_perte: 0,
      nb_vendu: 0,
      depense: 0,
      chiffre_affaire: 0,
    };
    const bandes = toCsv(BANDES_CSV, [bande, { ...bande, nom: 'Lot 2', type: 'pondeuse' }] as never[])
      .slice(1)
      .split('\r\n');
    expect(bandes[1].split(';')[1]).toBe('Chair');
    expect(bandes[2].split(';')[1]).toBe('Pondeuse');
    const depense = {
      date: '2026-03-02',
      created_at: '2026-03-02',
      id_type_depense: 1,
      designation: 'Aliment',
      prix_unitaire: 18500,
      quantite: 2,
      unite: 'sac50',
      prix_total: 37000,
    };
    const depenses = toCsv(
      depensesCsv(() => 'Aliment'),
      [depense] as never[],
    )
      .slice(1)
      .split('\r\n');
    expect(depenses[1].split(';')[5]).toBe('sac de 50 kg');
    const ligne = {
      created_at: '2026-03-02T10:00:00Z',
      boutique: { nom: 'B' },
      produit: 'Poulet',
      prix_unitaire: 3500,
      quantite: 1,
      total: 3500,
      etat: 'VALID',
      client: null,
    };
    const ventes = toCsv(VENTES_CSV, (['DIRECT', 'EMPRUNT', 'DON'] as const).map((type) => ({ ...ligne, type })) as never[])
      .slice(1)
      .split('\r\n');
    expect(ventes.slice(1, 4).map((l) => l.split(';')[6])).toEqual(['Comptant', 'À crédit', 'Don']);
  });
});

describe('DataTable CSV button', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads every row (25), not only the 10 shown', async () => {
    const rows: Vente[] = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      produit: `P${i + 1}`,
      quantite: 1,
      total: 100 * (i + 1),
      created_at: '2026-01-02',
    }));
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => ((blob = b), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    function Table() {
      const page = usePaged(rows, LIST_SIZES);
      return (
        <DataTable
          title="Ventes"
          testId="t"
          columns={[{ label: 'Produit', cell: (r: Vente) => r.produit }]}
          page={page}
          csv={{ filename: 'ventes', rows, columns: COLS }}
          rowKey={(r) => r.id}
        />
      );
    }
    render(<Table />);
    expect(screen.getAllByRole('row')).toHaveLength(11);
    await userEvent.click(screen.getByRole('button', { name: 'Exporter CSV' }));
    expect(click).toHaveBeenCalledOnce();
    expect(blob!.type).toBe('text/csv;charset=utf-8');
    const text = await blob!.text();
    const lines = text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(26);
    expect(lines[25]).toBe('02/01/2026;P25;1;2500');
  });
});
