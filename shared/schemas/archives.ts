// Archive and restore ("undo and tidy"): a product, a client or a batch made by mistake
// leaves the lists and pickers but stays in the history and every total (an archived batch: in the
// money only, never in the dashboards' production figures, decision 0215); it can come back.
//   POST api/produit/archiver, api/client/archiver, api/bande/archiver  {id, archive: true | false}
// answer the item as it now stands (with `archive: true` while archived). Both directions are
// idempotent: archiving an archived item (or restoring one that is not) changes nothing and
// answers the same. The lists (GET api/produit, api/clients, api/bande) leave archived items out
// unless asked with `?archives=1`.
import { z, refId } from './common';
import { ARCHIVES_SCHEMA_MSG } from '../messages/archives';

export const archiverSchema = z.lazy(() =>
  z.object({
    id: refId(ARCHIVES_SCHEMA_MSG.identifiant, ARCHIVES_SCHEMA_MSG.identifiantRequis),
    archive: z.boolean({ error: ARCHIVES_SCHEMA_MSG.choisissezArchiverRestaurer }),
  }),
);

/** Query of the lists: `archives=1` adds the archived items (flagged), anything else leaves them out. */
export const archivesQuery = z.lazy(() =>
  z.object({
    archives: z.optional(z.enum(['0', '1'], { error: ARCHIVES_SCHEMA_MSG.filtreArchivesInvalide })),
  }),
);

/** Whether a list request asked for the archived items too. */
export const withArchives = (query: Record<string, string | undefined>): boolean => query.archives === '1';
