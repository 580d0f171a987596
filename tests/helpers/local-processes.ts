// The processes of a local stack started by a test (`npm start`'s entry on a temporary DATA_DIR):
// its server, its DynamoDB Local and any helper name the DATA_DIR on their command line, which is
// how a test checks that stopping the server stopped them all.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** Process ids whose command line names this DATA_DIR (the server, its DynamoDB Local and any helper). */
export function processesUsing(dataDir: string): number[] {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n');
  return lines
    .filter((l) => l.includes(join(dataDir, 'dynamodb')))
    .map((l) => Number(l.trim().split(/\s+/)[0]))
    .filter((pid) => pid !== process.pid);
}

export async function waitUntilGone(dataDir: string, ms = 15_000): Promise<number[]> {
  const deadline = Date.now() + ms;
  let left = processesUsing(dataDir);
  while (left.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    left = processesUsing(dataDir);
  }
  return left;
}
