// A file the page downloaded (an « Exporter CSV »), saved where the test can read it: the browser
// is connected remotely (tests/helpers/browser.ts), where Download.path() is not available.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download } from 'playwright-core';

export async function saved(download: Download): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'ganaar-dl-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}
