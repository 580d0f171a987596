// Test helpers for the web components: a fetch stub answering by path, and a render wrapper with
// a fresh query client and a hash router at a given path.
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { HashRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../../web/src/app/providers';
import type { ProduitVitrine } from '../../shared/schemas/ecommerce';

export interface FakeCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | ((call: FakeCall) => { status?: number; body?: unknown });

/** Stubs global fetch; `routes` maps "METHOD path" (e.g. "POST api/login") to an answer. */
export function stubFetch(routes: Record<string, Answer>) {
  const calls: FakeCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = { ...(init.headers as Record<string, string>) };
    const call: FakeCall = { url, method, headers, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const a = routes[`${method} ${url}`];
    const ans = typeof a === 'function' ? a(call) : (a ?? { status: 404, body: { code: 404, message: 'Ressource introuvable.' } });
    return new Response(ans.body === undefined ? '' : JSON.stringify(ans.body), {
      status: ans.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

export function renderWithApp(ui: ReactElement, path = '/') {
  window.location.hash = `#${path}`;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <AppProviders client={client}>
      <HashRouter>{ui}</HashRouter>
    </AppProviders>,
  );
}

/** A product of the public storefront as `api/vitrine/produits` lists it (a Senegalese seller, 10 in stock). */
export function produitVitrine(over: Partial<ProduitVitrine> = {}): ProduitVitrine {
  return {
    id: 1,
    id_entreprise: 1,
    entreprise: 'Ferme 1',
    type_produit: 'poulet',
    nom_produit: 'Poulet fermier',
    prix_unitaire: 3500,
    description: '',
    ville: 'Thiès',
    images: [],
    pays_tel: 'sn',
    disponible: 10,
    ...over,
  };
}
