// The AWS SDK clients of the Lambdas are built with SDK_LOGGER (functions/lib/sdk-logger.ts): a
// logger without info, so that the SDK's logger middleware does not build a redacted copy of every
// call's input and output. Checked on a DynamoDB client whose HTTP handler answers a Query itself.
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { SDK_LOGGER } from '../../functions/lib/sdk-logger';
import { filesUnder } from '../helpers/source-files';

const ITEMS = Array.from({ length: 50 }, (_, i) => ({ pk: { S: 'T#1' }, sk: { S: `DEPENSE#${i}` }, montant: { N: String(1000 + i) } }));

/** A client whose requests never leave the process: every call answers the same Query page. */
function clientWith(logger?: DynamoDBClient['config']['logger']) {
  const requestHandler = {
    handle: async () => ({
      response: {
        statusCode: 200,
        headers: { 'content-type': 'application/x-amz-json-1.0' },
        body: Readable.from([Buffer.from(JSON.stringify({ Items: ITEMS, Count: ITEMS.length, ScannedCount: ITEMS.length }))]),
      },
    }),
  };
  return new DynamoDBClient({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    requestHandler: requestHandler as never,
    ...(logger ? { logger } : {}),
  });
}

const query = new QueryCommand({ TableName: 'ganaar', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'T#1' } } });

describe('the SDK logger of the Lambdas', () => {
  it('a logger with info gets copies of every input and output: the work SDK_LOGGER avoids', async () => {
    const info = vi.fn();
    const out = await clientWith({ trace: vi.fn(), debug: vi.fn(), info, warn: vi.fn(), error: vi.fn() }).send(query);
    expect(out.Items).toHaveLength(50);
    expect(info).toHaveBeenCalledTimes(1);
    const [{ input, output }] = info.mock.calls[0];
    expect(input.TableName).toBe('ganaar');
    expect(output.Items).toHaveLength(50);
    // A copy, built for the log: not the answer the caller gets.
    expect(output.Items).not.toBe(out.Items);
  });

  it('has no info, and the levels the SDK calls without checking are there', async () => {
    expect((SDK_LOGGER as { info?: unknown }).info).toBeUndefined();
    for (const level of ['trace', 'debug', 'warn', 'error'] as const) expect(() => SDK_LOGGER[level]?.('x')).not.toThrow();
    const out = await clientWith(SDK_LOGGER).send(query);
    expect(out.Items).toHaveLength(50);
  });

  it('is given to every AWS SDK client the Lambdas build', () => {
    const built: string[] = [];
    for (const file of filesUnder('functions', /\.ts$/)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/new (\w+Client)\(\{/g)) {
        // The options object of that constructor, to its closing brace at the same depth.
        let depth = 0;
        let end = m.index! + m[0].length - 1;
        for (; end < text.length; end++) {
          if (text[end] === '{') depth++;
          else if (text[end] === '}' && --depth === 0) break;
        }
        const options = text.slice(m.index!, end + 1);
        built.push(`${file}: ${m[1]}${/\blogger: SDK_LOGGER\b/.test(options) ? '' : ' without SDK_LOGGER'}`);
      }
    }
    expect(built.length).toBeGreaterThanOrEqual(6);
    expect(built.filter((b) => b.endsWith('without SDK_LOGGER'))).toEqual([]);
  });
});
