// The origin authorizer (functions/acces/origin-authorizer.ts): only CloudFront's secret passes;
// a rotated secret is read again, at most once a minute, so wrong values cannot flood Secrets Manager.
import { originAuthorizer } from '../../functions/acces/origin-authorizer';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/origin-headers';

const SECRET = 'a'.repeat(48);
const withHeader = (v?: string) => ({ headers: v === undefined ? {} : { [ORIGIN_VERIFY_HEADER]: v } });

describe('the origin authorizer', () => {
  it('lets through the secret only: no header, an empty one, a wrong one, a prefix of it are refused', async () => {
    let reads = 0;
    const authorize = originAuthorizer(async () => {
      reads++;
      return SECRET;
    });
    expect(await authorize(withHeader(SECRET))).toEqual({ isAuthorized: true });
    expect(await authorize(withHeader())).toEqual({ isAuthorized: false });
    expect(await authorize({})).toEqual({ isAuthorized: false });
    expect(await authorize(withHeader(''))).toEqual({ isAuthorized: false });
    expect(await authorize(withHeader('b'.repeat(48)))).toEqual({ isAuthorized: false });
    expect(await authorize(withHeader(SECRET.slice(0, 47)))).toEqual({ isAuthorized: false });
    expect(reads).toBe(1);
  });

  it('after a rotation, reads the secret again (at most once a minute) and lets the new value through', async () => {
    let clock = 0;
    let value = SECRET;
    let reads = 0;
    const authorize = originAuthorizer(
      async () => {
        reads++;
        return value;
      },
      () => clock,
    );
    expect((await authorize(withHeader(SECRET))).isAuthorized).toBe(true);
    value = 'n'.repeat(48);
    clock = 30_000;
    expect((await authorize(withHeader(value))).isAuthorized).toBe(false);
    expect(reads).toBe(1);
    clock = 61_000;
    expect((await authorize(withHeader(value))).isAuthorized).toBe(true);
    expect(reads).toBe(2);
    expect((await authorize(withHeader(SECRET))).isAuthorized).toBe(false);
  });

  it('a failed read is not kept: the next request reads again', async () => {
    let fail = true;
    const authorize = originAuthorizer(async () => {
      if (fail) throw new Error('unavailable');
      return SECRET;
    });
    await expect(authorize(withHeader(SECRET))).rejects.toThrow('unavailable');
    fail = false;
    expect((await authorize(withHeader(SECRET))).isAuthorized).toBe(true);
  });
});
