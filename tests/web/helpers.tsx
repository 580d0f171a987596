// Test helpers for the web components: a fetch stub answering by path, a render wrapper with
// a fresh query client and a hash router at a given path, and the data the screens read.
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { HashRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { RACES } from '@shared/breeds';
import { addDays, todayFor } from '@shared/dates';
import { TYPES_DEPENSE, type BandeDetail, type Collecte } from '@shared/schemas/bandes';
import { AppProviders } from '../../web/src/app/providers';
import type { ProduitVitrine } from '@shared/schemas/ecommerce';

export interface FakeCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Answer = { status?: number; body?: unknown } | ((call: FakeCall) => { status?: number; body?: unknown });

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

/**
 * A batch as `api/bande/:id` details it: by default batch 1, 500 Cobb 500 broilers started 30 days
 * ago (`start`, its `date_demarage` and the day of its `created_at`), with nothing entered yet.
 */
export function batchDetail({ start = addDays(todayFor(), -30), ...over }: Partial<BandeDetail> & { start?: string } = {}): BandeDetail {
  return {
    id: 1,
    nom: 'Chair novembre',
    type: 'chair',
    nb_sujet: 500,
    date_demarage: start,
    statut: 'ACTIVE',
    nb_perte: 0,
    chiffre_affaire: 0,
    depense: 0,
    nb_vendu: 0,
    nb_abattu: 0,
    created_at: `${start}T08:00:00.000Z`,
    race: 'cobb500',
    age_demarrage: 0,
    depenses: [],
    ventes: [],
    pertes: [],
    pesages: [],
    abatages: [],
    ...over,
  };
}

/** Stubs fetch for the detail screen of batch 1 (`b`, its egg collections, the expense types and breeds), plus `extra` routes. */
export function stubBatchDetail(b: BandeDetail, extra: Record<string, Answer> = {}, collectes: Collecte[] = []) {
  return stubFetch({
    'GET api/bande/1': { body: b },
    'GET api/typedepense': { body: TYPES_DEPENSE },
    'GET api/races': { body: RACES },
    'GET api/bande/collect/get/1': { body: collectes },
    ...extra,
  });
}
