// Demo data for `npm start`: a demo business created through the public API (same validation
// and transactions as a real sign-up), then filled by each domain's seeder.
import { createHash } from 'node:crypto';
import { seedBandes } from './seeders/bandes';
import { seedSante } from './seeders/sante';
import { seedAliment } from './seeders/aliment';
import { seedProduction } from './seeders/production';
import { seedShop } from './seeders/shop';
import { seedPayments } from './seeders/payments';
import { seedStaff } from './seeders/staff';
import { seedEcommerce } from './seeders/ecommerce';
import { seedPartages } from './seeders/partages';
import type { DemoSession, Seeder } from './seeders/session';

export const DEMO_LOGIN = { email: 'demo@ganaar.sn', password: 'demo1234' };

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const DEMO_SIGNUP = { prenom: 'Awa', nom: 'Diop', email: DEMO_LOGIN.email, telephone: '771234567', pays: 'Senegal', entreprise: 'Ferme Keur Massar' };

async function login(baseUrl: string): Promise<{ token: string; tenantId: number } | null> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_LOGIN.email, password: sha256(DEMO_LOGIN.password) }),
  });
  if (res.status !== 200) return null;
  const body = (await res.json()) as { token: string; user: { id_entreprise: number } };
  return { token: body.token, tenantId: body.user.id_entreprise };
}

/** How long a caller finding the demo account waits for another process to finish seeding it. */
const SEEDING_WAIT_MS = 240_000;

/**
 * Waits until the demo business is marked seeded. Test files seed the demo side by side: the first
 * one signs it up and fills it (a minute on a loaded machine); the others, which can already sign
 * in, used to read it half filled (a store with 6 days of history instead of a month, seen once).
 */
async function untilSeeded(tenantId: number): Promise<void> {
  const { demoSeedState } = await import('../../functions/lib/repo/entreprises');
  const deadline = Date.now() + SEEDING_WAIT_MS;
  for (;;) {
    const { seeded, createdAt } = await demoSeedState(tenantId);
    if (seeded) return;
    // A demo created before the mark existed (a `.data` folder of an older version) is never marked.
    if (createdAt && Date.parse(createdAt) < Date.now() - SEEDING_WAIT_MS) return;
    if (Date.now() > deadline) throw new Error('demo seed: the demo account exists but its seeding never finished (a seeder failed in another process?)');
    await new Promise((r) => setTimeout(r, 500));
  }
}

// Domain seeders add their demo records, in this order, once, on the first start.
// Staff after payments: the users and the second shop need the Professionnel plan the payments seeder pays;
// flock health too: its young batch's birds pass the trial's 1 000. The feed store after flock
// health (it feeds the young batch flock health creates) and after every seeder that slaughters
// (the shed's produce sent to the shop, staff): each day's ration is the birds alive that day × the
// breed's intake, so the slaughters must be there when it is read, or the birds slaughtered would
// still eat. Shared links last: they share the sales, repayments and batches the others recorded.
const seeders: Seeder[] = [seedBandes, seedShop, seedPayments, seedSante, seedProduction, seedStaff, seedAliment, seedEcommerce, seedPartages];

/**
 * The sign-up found the address taken between our failed login and it: another process (a test file
 * beside this one) is signing the demo up. Waits until it can sign in and the seeding is done.
 */
async function anotherSeeder(baseUrl: string): Promise<'exists' | null> {
  const deadline = Date.now() + SEEDING_WAIT_MS;
  while (Date.now() < deadline) {
    const found = await login(baseUrl);
    if (found) {
      await untilSeeded(found.tenantId);
      return 'exists';
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return null;
}

/**
 * `created` when the demo business was created by this call, `exists` when it was there already,
 * `password-changed` when it is there but its owner changed the demo password (npm start must
 * still start: the demo's data is the owner's now).
 */
export async function seedDemo(baseUrl: string): Promise<'created' | 'exists' | 'password-changed'> {
  const found = await login(baseUrl);
  if (found) {
    await untilSeeded(found.tenantId);
    return 'exists';
  }
  if (await demoExists()) return 'password-changed';
  const res = await fetch(`${baseUrl}/api/inscription`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO_SIGNUP, password: sha256(DEMO_LOGIN.password) }),
  });
  if (res.status === 421) return (await anotherSeeder(baseUrl)) ?? 'password-changed';
  if (res.status !== 200) throw new Error(`demo sign-up failed: ${res.status} ${await res.text()}`);
  const signedIn = await login(baseUrl);
  if (!signedIn) throw new Error('demo login failed after sign-up');
  const { token, tenantId } = signedIn;
  const session: DemoSession = {
    baseUrl,
    token,
    async call(method, path, body) {
      const r = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      if (r.status !== 200) throw new Error(`demo seed ${method} ${path}: ${r.status} ${text}`);
      return text ? JSON.parse(text) : null;
    },
  };
  for (const s of seeders) await s(session);
  const { markDemoSeeded } = await import('../../functions/lib/repo/entreprises');
  await markDemoSeeded(tenantId);
  return 'created';
}

/**
 * Whether the demo address already has an account, read from the table (this process serves the
 * API, its configuration is the handlers'): never by guessing its password, which would count
 * against the address's login attempts.
 */
async function demoExists(): Promise<boolean> {
  const { findEmailLock } = await import('../../functions/lib/repo/utilisateurs');
  return (await findEmailLock(DEMO_LOGIN.email)) !== null;
}
