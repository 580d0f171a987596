// What a domain seeder receives: a signed-in session of the demo business. Kept apart from
// ../seed.ts, which lists the seeders, so that no seeder imports the module that imports it.
export interface DemoSession {
  baseUrl: string;
  token: string;
  call<T = any>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
}

/** Domain seeders add their demo records, in this order, once, on the first start. */
export type Seeder = (s: DemoSession) => Promise<void>;
