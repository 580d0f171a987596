// The measures file: what `npm run bench` and `npm run bench:lambda` measured that `npm run cost`
// prices. Committed (docs/measures.json) so that the cost can be printed without running the bench,
// and so that a change of a route's DynamoDB requests shows in review. Each bench writes its own
// section and leaves the others as they were.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const MEASURES_FILE = resolve('docs/measures.json');

/** One route as the bench called it, averaged over its sequential calls. */
export interface RouteMeasure {
  /** Sequential calls measured. */
  calls: number;
  /** DynamoDB requests per call. */
  requests: number;
  /** Read and write request units per call, as DynamoDB Local reports them (ConsumedCapacity; a transaction's already doubled). */
  readUnits: number;
  writeUnits: number;
  /** Wall time per call, p50, in the bench's process (HTTP through the local gateway included). */
  wallMs: number;
  /** CPU time of the bench's process per call, mean: the part a smaller Lambda CPU stretches. */
  cpuMs: number;
  /** Response body bytes (what CloudFront sends out, before compression). */
  responseBytes: number;
  /** The domain whose Lambda answers it (its memory size sets the GB-seconds). */
  domain: string;
  note?: string;
}

export interface ColdStartMeasure {
  /** p50 of a fresh process: boot, bundle load and one request (tests/bench/lambda.ts). */
  p50Ms: number;
  cpuMs: number;
}

export interface Measures {
  routes?: {
    measuredAt: string;
    /** Load average of the machine when measured (the timings grow with it; requests do not). */
    load: string;
    byName: Record<string, RouteMeasure>;
  };
  /** The morning summary's job run over many businesses at once (tests/bench/notifications.ts), per business. */
  morningJob?: {
    measuredAt: string;
    load: string;
    businesses: number;
    perBusiness: { requests: number; readUnits: number; writeUnits: number; wallMs: number; cpuMs: number };
  };
  lambda?: {
    measuredAt: string;
    load: string;
    coldStarts: Record<string, ColdStartMeasure>;
  };
}

export function readMeasures(file = MEASURES_FILE): Measures {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Measures;
}

/** Replaces one section of the file, keeping the others. */
export function writeMeasures<K extends keyof Measures>(section: K, value: NonNullable<Measures[K]>, file = MEASURES_FILE): void {
  const all = readMeasures(file);
  all[section] = value;
  writeFileSync(file, JSON.stringify(all, null, 2) + '\n');
}
