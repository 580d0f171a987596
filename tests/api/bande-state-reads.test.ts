// The state a write on a batch is checked against (functions/bandes/repository/state.ts
// `bandeState`) must be one the batch really was in: its entries agree with the counters and the
// revision read with them. A DynamoDB Query is not a snapshot, so the test commits a write through
// the API at every point between bandeState's own requests and checks that agreement each time.
// When two ranges of the batch were read in parallel, a loss committed meanwhile showed in the
// BANDE item's revision but not in the losses read, and concurrent losses then passed the
// "never more than alive" check together (4 losses of 3 accepted on 10 birds).
import { beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newBusiness, post, type Account } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';

// The repository runs in this worker, against the same DynamoDB Local as the stack's API.
process.env.TABLE_NAME = inject('tableName');
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.JWT_SECRET = 'x'.repeat(32);
process.env.MAIL_OUTBOX_DIR = mkdtempSync(join(tmpdir(), 'ganaar-state-'));

const { bandeState } = await import('../../functions/bandes/repository/state');
const { ddb } = await import('../../functions/lib/ddb');

// A business per test: a trial plan's bird quota holds a few batches only.
let A: Account;
beforeEach(async () => {
  A = await newBusiness();
});

async function newBande(nb_sujet: number): Promise<number> {
  const r = await post('/api/bande/create', { id_bande: -1, nom: `Lot ${nb_sujet}`, type: 'chair', nb_sujet, date_demarage: pastDay('10-01') }, A.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id;
}

/**
 * Reads the batch's state while `write` commits just before bandeState's request number `at`
 * (0-based); null once bandeState makes fewer requests than that.
 */
async function readAround(id: number, withDepenses: boolean, at: number, write: () => Promise<void>) {
  let n = 0;
  let injected = false;
  const name = `commitBefore${at}`;
  ddb().middlewareStack.add(
    (next) => async (args) => {
      if (n++ === at) {
        await write();
        injected = true;
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    const s = await bandeState(A.tenantId, id, withDepenses);
    return injected ? s : null;
  } finally {
    ddb().middlewareStack.remove(name);
  }
}

const sum = (xs: { quantite?: number; nombre?: number }[]) => xs.reduce((s, x) => s + Number(x.nombre ?? x.quantite ?? 0), 0);

describe('the state a batch write is checked against', () => {
  for (const withDepenses of [false, true])
    it(`agrees with its own counters whatever commits between its reads (${withDepenses ? 'with' : 'without'} expenses)`, async () => {
      const id = await newBande(100);
      // Every kind of entry the checks read, slaughters' copies included.
      expect((await post('/api/bande/perte', { nombre: 2, id_bande: id }, A.token)).status).toBe(200);
      expect((await post('/api/bande/abatage', { quantite: 3, id_bande: id }, A.token)).status).toBe(200);
      const dep = await post(
        '/api/bande/depense',
        { depense: { id_type_depense: 1, designation: 'aliment', prix_unitaire: 1000, quantite: 2 }, id_bande: id },
        A.token,
      );
      expect(dep.status, JSON.stringify(dep.body)).toBe(200);
      let points = 0;
      for (let at = 0; ; at++) {
        // Alternately a loss and a slaughter, both moving the revision and a counter.
        const write = async () => {
          const r =
            at % 2
              ? await post('/api/bande/abatage', { quantite: 1, id_bande: id }, A.token)
              : await post('/api/bande/perte', { nombre: 1, id_bande: id }, A.token);
          expect(r.status, JSON.stringify(r.body)).toBe(200);
        };
        const s = await readAround(id, withDepenses, at, write);
        if (!s) break;
        points++;
        expect(sum(s.pertes), `losses read vs the counter, write before request ${at}`).toBe(s.raw.nb_perte);
        if (s.abattagesComplets) expect(sum(s.abatages)).toBe(s.raw.nb_abattu);
        else expect(s.raw.nb_abattu).not.toBe(sum(s.abatages));
        // What the check then decides on: the same state read afterwards, with nothing in between, has the same counters.
        const after = await bandeState(A.tenantId, id, withDepenses);
        if (after!.rev === s.rev) expect(after!.raw).toEqual(s.raw);
      }
      expect(points).toBeGreaterThanOrEqual(1);
    });
});
