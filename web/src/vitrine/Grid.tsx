// The marketplace's cards: one card per product (its photo, price, type, town and seller), the grid
// of a seller's page, and a search's pages one under the other.
import { useState } from 'react';
import { TYPE_LABELS } from '@shared/ecommerce';
import type { ProduitVitrine } from '@shared/schemas/ecommerce';
import { getMarche } from './api';
import { formatFcfa } from '@shared/format';
import { Photo } from './Photo';

function ProductCard({ p }: { p: ProduitVitrine }) {
  const href = `#/vendeur/${p.id_entreprise}/produit/${p.id}`;
  return (
    <li className="v-card">
      <a href={href} className="v-card-link">
        <Photo img={p.images[0]} alt={p.nom_produit} />
        <span className="v-card-body">
          <span className="v-card-name">{p.nom_produit}</span>
          <span className="v-price">{formatFcfa(p.prix_unitaire)}</span>
          <span className="v-meta">
            {TYPE_LABELS[p.type_produit]} · {p.ville} · {p.entreprise}
          </span>
        </span>
      </a>
    </li>
  );
}

export function Grid({ produits, empty }: { produits: ProduitVitrine[]; empty: string }) {
  if (!produits.length) return <p className="v-empty">{empty}</p>;
  return (
    <ul className="v-grid" data-testid="v-grid">
      {produits.map((p) => (
        <ProductCard key={`${p.id_entreprise}-${p.id}`} p={p} />
      ))}
    </ul>
  );
}

/**
 * The search's pages one under the other: a page whose last card says another follows (`suite`)
 * offers it, whatever its length (a page is cut short when its sellers' shares are full), and the
 * next starts after that card, so a busy town's later sellers are reachable too.
 */
export function Pages({ first, ville, type }: { first: ProduitVitrine[]; ville: string; type: string }) {
  const [more, setMore] = useState<ProduitVitrine[][]>([]);
  const [state, setState] = useState<{ loading?: boolean; error?: string }>({});
  const pages = [first, ...more];
  const last = pages[pages.length - 1];
  const all = pages.flat();
  const loadMore = () => {
    setState({ loading: true });
    getMarche(ville, type, last[last.length - 1]).then(
      (page) => {
        setMore((m) => [...m, page]);
        setState({});
      },
      (err: Error) => setState({ error: err.message }),
    );
  };
  return (
    <>
      <Grid produits={all} empty="Aucun produit pour cette recherche." />
      {state.error ? <p className="v-error">{state.error}</p> : null}
      {last[last.length - 1]?.suite ? (
        <button type="button" className="v-btn v-more" onClick={loadMore} disabled={state.loading}>
          {state.loading ? 'Chargement…' : 'Voir plus de produits'}
        </button>
      ) : null}
    </>
  );
}
