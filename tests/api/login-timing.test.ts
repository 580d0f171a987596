// An unknown address costs a login as much time as a wrong password (no account enumeration by
// timing, functions/lib/password.ts dummyPasswordHash). Measured alone, once the files that run
// side by side are done (vitest.config.ts, project api-alone): beside them it measured the machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TEST_PASSWORD_COST } from '../../infra/local/password-cost';
import { call, newBusiness, rawDdb, sha256, tableName, testIp, uniqueEmail, viaCloudFront } from '../helpers/api';

describe('login timing does not reveal whether an address has an account', () => {
  // The test stack hashes at a lower cost (infra/local/password-cost.ts): this test measures at the
  // production one, where a missing dummy check would show.
  beforeAll(async () => {
    expect((await call('POST', '/__test/password-cost?log2n=14')).status).toBe(200);
  });
  afterAll(async () => {
    expect((await call('POST', `/__test/password-cost?log2n=${TEST_PASSWORD_COST}`)).status).toBe(200);
  });

  it('an unknown address takes as long as a wrong password', async () => {
    const acc = await newBusiness();
    // Hashed at 2^14, as in AWS: the account's own verifier costs what a deployed login costs.
    const user = await rawDdb().send(new GetCommand({ TableName: tableName(), Key: { PK: `ENT#${acc.tenantId}`, SK: 'USER#1' } }));
    expect(String(user.Item?.password_hash).split('$')[1]).toBe('16384');
    const time = async (username: string) => {
      const t = performance.now();
      const r = await call('POST', '/api/login', { username, password: sha256('faux') }, { headers: viaCloudFront(testIp()) });
      expect(r.status).toBe(401);
      return performance.now() - t;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i++) {
      known.push(await time(acc.email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    console.log(`[login timing] median known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`);
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.6);
  });
});
