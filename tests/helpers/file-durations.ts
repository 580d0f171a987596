// Writes tests/file-durations.json, the seconds each test file took in a full run, which the
// file order reads (tests/helpers/sequencer.ts): `npm test -- --reporter=default --reporter=json
// --outputFile=/tmp/report.json`, then `npx tsx tests/helpers/file-durations.ts /tmp/report.json`.
// Only the order depends on it: a stale or missing entry makes a run slower, never wrong.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8')) as { testResults: { name: string; startTime: number; endTime: number }[] };
const durations: Record<string, number> = {};
for (const f of report.testResults) durations[relative(process.cwd(), f.name)] = Math.round((f.endTime - f.startTime) / 100) / 10;
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync('tests/file-durations.json', `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`tests/file-durations.json: ${Object.keys(sorted).length} files`);
