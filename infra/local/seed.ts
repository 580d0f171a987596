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
import type { DemoSession, Seeder } from './seeders/session';

export const DEMO_LOGIN = { email: 'demo@ganaar.sn', password: 'demo1234' };

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const DEMO_SIGNUP = { prenom: 'Awa', nom: 'Diop', email: DEMO_LOGIN.email, telephone: '771234567', pays: 'Senegal', entreprise: 'Ferme Keur Massar' };

async function login(baseUrl: string): Promise<string | null> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_LOGIN.email, password: sha256(DEMO_LOGIN.password) }),
  });
  if (res.status !== 200) return null;
  return ((await res.json()) as { token: string }).token;
}

// Domain seeders add their demo records, in this order, once, on the first start.
// Staff after payments: the users and the second shop need the Professionnel plan the payments seeder pays;
// flock health too: its young batch's birds pass the trial's 1 000. The feed store after flock
// health: it feeds the young batch flock health creates. The shed's produce sent to the shop (issue
// 36) after the feed store: the slaughter it records comes after the batch's month of feed.
const seeders: Seeder[] = [seedBandes, seedShop, seedPayments, seedSante, seedAliment, seedProduction, seedStaff, seedEcommerce];

/**
 * `created` when the demo business was created by this call, `exists` when it was there already,
 * `password-changed` when it is there but its owner changed the demo password (npm start must
 * still start: the demo's data is the owner's now).
 */
export async function seedDemo(baseUrl: string): Promise<'created' | 'exists' | 'password-changed'> {
  if (await login(baseUrl)) return 'exists';
  if (await demoExists()) return 'password-changed';
  const res = await fetch(`${baseUrl}/api/inscription`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO_SIGNUP, password: sha256(DEMO_LOGIN.password) }),
  });
  if (res.status !== 200) throw new Error(`demo sign-up failed: ${res.status} ${await res.text()}`);
  const token = await login(baseUrl);
  if (!token) throw new Error('demo login failed after sign-up');
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
