// Public storefront (vitrine.html), a page of its own so a buyer's phone loads only React and
// this file: the marketplace (#/, by town of the list and type), a seller's page (#/vendeur/<id>) and a
// product with its order form (#/vendeur/<id>/produit/<pid>). Photos are the 480 px versions,
// lazy-loaded; every product and seller has a WhatsApp share link.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { TYPE_LABELS, TYPES_PRODUIT } from '@shared/ecommerce';
import { PAYS_VILLE_LABELS, VILLES } from '@shared/villes';
import { formatFcfa } from '@shared/format';
import { getMarche, getVendeur } from './api';
import { Grid, Pages } from './Grid';
import { OrderForm } from './OrderForm';
import { Photo, whatsappLink } from './Photo';
import './vitrine.css';

type Route = { page: 'marche' } | { page: 'vendeur'; id: number } | { page: 'produit'; id: number; produit: number };

function parseHash(hash: string): Route {
  const m = /^#\/vendeur\/([1-9]\d{0,9})(?:\/produit\/([1-9]\d{0,9}))?\/?$/.exec(hash);
  if (!m) return { page: 'marche' };
  return m[2] ? { page: 'produit', id: Number(m[1]), produit: Number(m[2]) } : { page: 'vendeur', id: Number(m[1]) };
}

function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const on = () => {
      setRoute(parseHash(window.location.hash));
      window.scrollTo(0, 0);
    };
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}

/** The result of `load` for `key`; loading while the last answer is for another key. */
function useLoad<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<{ key?: string; data?: T; error?: string }>({});
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ key, data }),
      (err: Error) => live && setState({ key, error: err.message }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { ...state, loading: state.key !== key };
}

const pageUrl = (hash: string) => `${window.location.origin}${window.location.pathname}${hash}`;

function Marche() {
  const [ville, setVille] = useState('');
  const [type, setType] = useState('');
  const [query, setQuery] = useState({ ville: '', type: '' });
  const state = useLoad(() => getMarche(query.ville, query.type), `${query.ville}|${query.type}`);
  return (
    <>
      <h1>Le marché des éleveurs</h1>
      <p className="v-lead">Poulets et matériel avicole près de chez vous. Commandez, le vendeur vous appelle pour la livraison.</p>
      <form
        className="v-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ ville, type });
        }}
      >
        <label>
          Ville
          <select value={ville} onChange={(e) => setVille(e.target.value)}>
            <option value="">Toutes les villes</option>
            {(['sn', 'ci'] as const).map((pays) => (
              <optgroup key={pays} label={PAYS_VILLE_LABELS[pays]}>
                {VILLES.filter((v) => v.pays === pays).map((v) => (
                  <option key={`${pays}-${v.nom}`} value={v.nom}>
                    {v.nom}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label>
          Type
          <select value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">Tous</option>
            {TYPES_PRODUIT.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="v-btn">
          Rechercher
        </button>
      </form>
      {state.loading ? (
        <p className="v-empty">Chargement…</p>
      ) : state.error ? (
        <p className="v-error">{state.error}</p>
      ) : (
        <Pages key={`${query.ville}|${query.type}`} first={state.data!} ville={query.ville} type={query.type} />
      )}
    </>
  );
}

function Vendeur({ id }: { id: number }) {
  const state = useLoad(() => getVendeur(id), String(id));
  if (state.loading) return <p className="v-empty">Chargement…</p>;
  if (state.error) return <p className="v-error">{state.error}</p>;
  const v = state.data!;
  return (
    <>
      <h1>{v.nom}</h1>
      <p className="v-share">
        <a
          className="v-btn v-btn-wa"
          href={whatsappLink(`${v.nom} : commandez en ligne ${pageUrl(`#/vendeur/${v.id}`)}`)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Partager sur WhatsApp
        </a>
      </p>
      <Grid produits={v.produits} empty="Ce vendeur n'a pas encore de produit en ligne." />
    </>
  );
}

function Produit({ id, produit }: { id: number; produit: number }) {
  const state = useLoad(() => getVendeur(id), String(id));
  if (state.loading) return <p className="v-empty">Chargement…</p>;
  if (state.error) return <p className="v-error">{state.error}</p>;
  const p = state.data!.produits.find((x) => x.id === produit);
  if (!p) return <p className="v-error">Ce produit n'est plus disponible en ligne.</p>;
  return (
    <article className="v-product">
      <div className="v-photos">
        {p.images.map((img, i) => (
          <Photo key={img} img={img} alt={i === 0 ? p.nom_produit : ''} eager={i === 0} />
        ))}
      </div>
      <div>
        <h1>{p.nom_produit}</h1>
        <p className="v-price v-price-big">{formatFcfa(p.prix_unitaire)}</p>
        <p className="v-meta">
          {TYPE_LABELS[p.type_produit]} · {p.ville} · <a href={`#/vendeur/${p.id_entreprise}`}>{p.entreprise}</a>
        </p>
        <p className="v-desc">{p.description}</p>
        <p className="v-share">
          <a
            className="v-btn v-btn-wa"
            href={whatsappLink(
              `${p.nom_produit} à ${formatFcfa(p.prix_unitaire)} chez ${p.entreprise} : ${pageUrl(`#/vendeur/${p.id_entreprise}/produit/${p.id}`)}`,
            )}
            target="_blank"
            rel="noopener noreferrer"
          >
            Partager sur WhatsApp
          </a>
        </p>
        <OrderForm produit={p} />
      </div>
    </article>
  );
}

function Vitrine() {
  const route = useRoute();
  return (
    <>
      <header className="v-header">
        <a href="#/" className="v-brand">
          Ganaar <span>marché</span>
        </a>
      </header>
      <main className="v-main">
        {route.page === 'marche' && <Marche />}
        {route.page === 'vendeur' && <Vendeur id={route.id} />}
        {route.page === 'produit' && <Produit id={route.id} produit={route.produit} />}
      </main>
    </>
  );
}

createRoot(document.getElementById('vitrine')!).render(
  <StrictMode>
    <Vitrine />
  </StrictMode>,
);
