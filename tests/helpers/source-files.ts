// The project's own files that scanning tests read (the French of the screens, the test dates, the
// SDK clients of the Lambdas): every file under a folder whose name matches, folders walked.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function filesUnder(dir: string, name: RegExp): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path, name) : name.test(entry) ? [path] : [];
  });
}
