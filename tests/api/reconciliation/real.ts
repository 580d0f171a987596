// The system under test of one reconciliation run: a fresh business on the local stack (its own
// tenant, so runs never see each other), reached only through the HTTP API as the SPA and the
// storefront reach it.
import { call, newBusiness, testIp, viaCloudFront, type Account, type Res } from '../../helpers/api';
import { smallPng, uploadImage } from '../../helpers/images';

export interface Real {
  acc: Account;
  /** An authenticated call of the business's admin. */
  send(method: 'GET' | 'POST', path: string, body?: unknown, opts?: { headers?: Record<string, string>; raw?: string }): Promise<Res>;
  /**
   * A buyer on the public storefront (no token; each order from its own client address, as the
   * per-IP limit wants), with the order form's Idempotency-Key when the step has one.
   */
  publicPost(path: string, raw: string, key?: string): Promise<Res>;
  /** A photo saved for the business (online products need one). */
  image: string;
}

export async function newReal(): Promise<Real> {
  const acc = await newBusiness({ entreprise: 'Ferme Réconciliation' });
  const send: Real['send'] = (method, path, body, opts = {}) =>
    call(method, path, opts.raw !== undefined ? undefined : body, { token: acc.token, headers: opts.headers, raw: opts.raw });
  const img = await uploadImage(acc.token, await smallPng(), 'p.png', 'image/png');
  if (img.status !== 200) throw new Error(`image upload failed: ${img.status} ${JSON.stringify(img.body)}`);
  return {
    acc,
    send,
    publicPost: (path, raw, key) => call('POST', path, undefined, { raw, headers: { ...viaCloudFront(testIp()), ...(key ? { 'idempotency-key': key } : {}) } }),
    image: img.body.img,
  };
}
