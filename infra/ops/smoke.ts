// `npm run smoke -- --base-url <url> [--payment] [--email <address>]`: the post-deploy smoke test.
// A short real journey through a stage's public address, as a farmer would make it: the SPA and the
// storefront page load, a throw-away business signs up and logs in, records a batch with an
// expense, sells from its shop, reads the marketplace, and (with --payment, on a stage whose
// payment providers are their sandboxes) starts a Wave payment. Then it undoes what it wrote
// (sale cancelled, expense deleted, batch closed) and logs out.
// Exits 0 when every step passed; otherwise 1 with one line in French and English naming the step.
//
// The business itself stays (no route deletes a business): it is named "Smoke <date>" and its
// address defaults to the SES mailbox simulator (success+…@simulator.amazonses.com), which accepts
// mail without counting toward the stage's bounce rate (docs/operations.md says how to spot them).
import { createHash, randomBytes } from 'node:crypto';

interface Options {
  baseUrl: string;
  payment: boolean;
  email: string;
  timeoutMs: number;
}

class StepFailure extends Error {
  constructor(
    readonly fr: string,
    readonly en: string,
  ) {
    super(en);
  }
}

function parseArgs(argv: string[]): Options {
  const get = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const baseUrl = (get('--base-url') ?? process.env.SMOKE_BASE_URL ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) {
    throw new StepFailure(
      'argument --base-url manquant ou invalide (ex. https://d123.cloudfront.net)',
      'missing or invalid --base-url (e.g. https://d123.cloudfront.net)',
    );
  }
  const stamp = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`;
  return {
    baseUrl,
    payment: argv.includes('--payment') || process.env.SMOKE_PAYMENT === '1',
    email: get('--email') ?? `success+ganaar-smoke-${stamp}@simulator.amazonses.com`,
    timeoutMs: Number(get('--timeout-ms') ?? 15_000),
  };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function main(argv: string[]): Promise<void> {
  const o = parseArgs(argv);
  const correlationId = `smoke-${randomBytes(6).toString('hex')}`;
  let token: string | undefined;
  const started = Date.now();

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: any; text: string }> {
    const headers: Record<string, string> = { 'x-correlation-id': correlationId };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await fetch(`${o.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(o.timeoutMs),
      });
    } catch (err) {
      const why =
        (err as Error).name === 'TimeoutError' ? `pas de réponse en ${o.timeoutMs} ms` : `injoignable (${(err as Error).cause ?? (err as Error).message})`;
      const whyEn =
        (err as Error).name === 'TimeoutError' ? `no answer within ${o.timeoutMs} ms` : `unreachable (${(err as Error).cause ?? (err as Error).message})`;
      throw new StepFailure(`${method} ${path} ${why}`, `${method} ${path} ${whyEn}`);
    }
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: pages */
    }
    return { status: res.status, json, text };
  }

  async function ok(method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
    const r = await request(method, path, body);
    if (r.status !== 200) {
      const said = r.json?.message ? ` « ${String(r.json.message).slice(0, 120)} »` : '';
      throw new StepFailure(`${method} ${path} a répondu ${r.status}${said}`, `${method} ${path} answered ${r.status}${said}`);
    }
    return r.json;
  }

  const expect = (cond: unknown, fr: string, en: string) => {
    if (!cond) throw new StepFailure(fr, en);
  };

  const steps: [string, string, () => Promise<void>][] = [];
  const step = (fr: string, en: string, fn: () => Promise<void>) => steps.push([fr, en, fn]);
  const today = new Date().toISOString().slice(0, 10);
  const password = sha256(randomBytes(16).toString('hex'));
  const ids: { bande?: number; depense?: number; produit?: number; vente?: number } = {};

  step('page d’accueil', 'home page', async () => {
    const r = await request('GET', '/');
    expect(r.status === 200 && /<div id="root"/.test(r.text), `/ a répondu ${r.status} sans l’application`, `/ answered ${r.status} without the app`);
  });
  step('page de la vitrine', 'storefront page', async () => {
    const r = await request('GET', '/vitrine.html');
    expect(r.status === 200 && r.text.includes('<'), `/vitrine.html a répondu ${r.status}`, `/vitrine.html answered ${r.status}`);
  });
  step('inscription', 'sign-up', async () => {
    await ok('POST', '/api/inscription', {
      prenom: 'Smoke',
      nom: 'Test',
      email: o.email,
      password,
      telephone: '771234567',
      pays: 'Senegal',
      entreprise: `Smoke ${today}`,
    });
  });
  step('connexion', 'login', async () => {
    const r = await ok('POST', '/api/login', { username: o.email, password });
    expect(typeof r?.token === 'string', 'pas de jeton dans la réponse', 'no token in the answer');
    token = r.token;
  });
  step('bande et dépense', 'batch and expense', async () => {
    const b = await ok('POST', '/api/bande/create', { nom: 'Smoke', nb_sujet: 10, date_demarage: today, type: 'chair', id_bande: -1 });
    ids.bande = Number(b?.id ?? b?.id_bande);
    expect(ids.bande > 0, 'la bande créée n’a pas d’identifiant', 'the created batch has no id');
    const d = await ok('POST', '/api/bande/depense', {
      depense: { id_type_depense: 1, designation: 'Aliment', prix_unitaire: 1000, quantite: 2 },
      id_bande: ids.bande,
    });
    ids.depense = Number(d?.id);
    const detail = await ok('GET', `/api/bande/${ids.bande}`);
    expect(JSON.stringify(detail).includes('Aliment'), 'la dépense n’apparaît pas dans la bande', 'the expense is missing from the batch');
  });
  step('vente en boutique', 'shop sale', async () => {
    const p = await ok('POST', '/api/produit', { id: 0, nom: 'Poulet smoke', description: 'smoke', quantite: 5, prix_cession: 1000, prix_vente: 2000 });
    ids.produit = Number(p?.id);
    const v = await ok('POST', '/api/vente', {
      id_bande: null,
      produits: [{ id_produit: ids.produit, produit: 'Poulet smoke', quantite: 2, prix_unitaire: 2000 }],
      type: 'DIRECT',
    });
    expect(v?.total === 4000, `total de la vente ${v?.total} au lieu de 4000`, `sale total ${v?.total} instead of 4000`);
    ids.vente = Number(v.ventes?.[0]?.id);
  });
  step('vitrine (place de marché)', 'storefront (marketplace)', async () => {
    const r = await ok('GET', '/api/vitrine/produits');
    expect(Array.isArray(r), 'la place de marché ne renvoie pas une liste', 'the marketplace does not answer a list');
  });
  if (o.payment) {
    step('début de paiement (bac à sable)', 'payment start (sandbox)', async () => {
      const r = await ok('POST', '/api/initMensualitePaiement', {
        code_plan: 'db1',
        nb_mois: 1,
        service_pay: 'wave',
        pays: 'sn',
        currency: 'XOF',
        info_pay: { numero: '771234567', otp: '0000' },
      });
      expect(
        r?.status === 'PENDING' && typeof r.payment_link === 'string',
        `paiement ${r?.status} sans lien de paiement`,
        `payment ${r?.status} without a payment link`,
      );
    });
  }
  step('nettoyage', 'clean-up', async () => {
    if (ids.vente) await ok('POST', '/api/vente/annulerVente', { id_vente: ids.vente });
    if (ids.depense) await ok('GET', `/api/bande/depense/delete/${ids.depense}`);
    if (ids.bande) await ok('POST', '/api/bande/cloturer', { id_bande: ids.bande });
    await ok('GET', '/api/logout');
    token = undefined;
  });

  for (const [fr, en, fn] of steps) {
    const t0 = Date.now();
    try {
      await fn();
    } catch (err) {
      const f = err instanceof StepFailure ? err : new StepFailure(String((err as Error)?.message ?? err), String((err as Error)?.message ?? err));
      console.error(`SMOKE ÉCHEC — étape « ${fr} » : ${f.fr} / SMOKE FAILED — step "${en}": ${f.en} (correlation id ${correlationId})`);
      process.exitCode = 1;
      return;
    }
    console.log(`✓ ${fr} / ${en} (${Date.now() - t0} ms)`);
  }
  console.log(
    `SMOKE OK — ${steps.length} étapes / steps in ${Date.now() - started} ms against ${o.baseUrl} (correlation id ${correlationId}, business ${o.email})`,
  );
}

main(process.argv.slice(2)).catch((err) => {
  const f = err instanceof StepFailure ? err : null;
  console.error(f ? `SMOKE ÉCHEC — ${f.fr} / SMOKE FAILED — ${f.en}` : `SMOKE ÉCHEC / SMOKE FAILED — ${(err as Error)?.message ?? err}`);
  process.exitCode = 1;
});
