// DynamoDB Local's stream read as Lambda's event source reads DynamoDB Streams in AWS:
// every shard followed from the latest record when the stack starts (older records were the
// previous run's), new shards from their start; the records that pass the same filter as the
// function's event-source mapping (shared/stream.ts) handed over in the Lambda's
// DynamoDBStreamEvent shape. A failed delivery is logged and not retried (the alert is a
// notification, not a write: the job's own once-per-batch-and-day item guards against doubles).
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record } from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { matchesPerteFilter } from '@shared/stream';

export interface StreamPoller {
  stop(): Promise<void>;
}

export async function startStreamPoller(opts: {
  endpoint: string;
  tableName: string;
  everyMs: number;
  deliver(records: DynamoDBRecord[]): Promise<void>;
}): Promise<StreamPoller> {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const ddb = new DynamoDBClient({ endpoint: opts.endpoint, region: 'eu-west-1', credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: opts.endpoint, region: 'eu-west-1', credentials });
  const described = await ddb.send(new DescribeTableCommand({ TableName: opts.tableName }));
  ddb.destroy();
  const streamArn = described.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`The local table ${opts.tableName} has no stream (infra/local/table.ts enables it)`);

  // Shard id → its next iterator (null: closed and read to its end).
  const iterators = new Map<string, string | null>();
  let first = true;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function discover() {
    const out = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of out.StreamDescription?.Shards ?? []) {
      const id = shard.ShardId!;
      if (iterators.has(id)) continue;
      const it = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: first ? 'LATEST' : 'TRIM_HORIZON' }));
      iterators.set(id, it.ShardIterator ?? null);
    }
    first = false;
  }

  async function tick() {
    await discover();
    for (const [id, it] of iterators) {
      if (!it) continue;
      let out;
      try {
        out = await streams.send(new GetRecordsCommand({ ShardIterator: it, Limit: 1000 }));
      } catch (err) {
        // An iterator past its 15 minutes (a laptop asleep): start the shard again from now.
        if ((err as Error).name === 'ExpiredIteratorException') {
          const fresh = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: 'LATEST' }));
          iterators.set(id, fresh.ShardIterator ?? null);
          continue;
        }
        throw err;
      }
      iterators.set(id, out.NextShardIterator ?? null);
      const records = (out.Records ?? []).filter((r: _Record) => matchesPerteFilter(r as never));
      if (records.length) {
        try {
          await opts.deliver(records as unknown as DynamoDBRecord[]);
        } catch (err) {
          console.error('stream delivery to the notifications job failed', err);
        }
      }
    }
  }

  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((err) => {
        if (!stopped) console.error('stream poller', (err as Error).message);
      })
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(loop, opts.everyMs);
          timer.unref();
        }
      });
  };
  await discover();
  loop();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      streams.destroy();
    },
  };
}
