// Every key of flock health (docs/data-model.md "Santé"):
//   plans             PK ENT#<t>               SK SANTE#PLAN#<id>       a business's own plans (built-in ones are code: shared/sante/plans-defaut.ts)
//   batch calendar    PK ENT#<t>#BANDE#<id>    SK SANTE                 one item per batch: its plan, its steps (list), `version`
//     steps due       GSI2PK ENT#<t>#SANTE_DUE GSI2SK <earliest due day of a step neither done nor skipped>#<bande id>
//                     (sparse: removed when every step is done or skipped; GET api/sante/a-faire reads ≤ today)
//   treatment         PK ENT#<t>#BANDE#<id>    SK TRT#<id>
//     withdrawals     GSI2PK ENT#<t>#SANTE_ATTENTES GSI2SK <last day of its longest withdrawal>#<id> (removed when cancelled
//                     or without withdrawal; GET api/sante/a-faire reads ≥ today)
//   id → batch        PK ENT#<t>               SK SANTEREF#ETP#<id> | SANTEREF#TRT#<id>  (the step and treatment routes carry only their id)
// The plan, calendar, due-index and step-pointer keys are defined in functions/bandes/repository/sante.ts
// (a batch's creation writes its calendar in its own transaction, and the batches domain owns its
// collection's items) and re-exported here through functions/bandes/public.ts: one definition.
//   on the BANDE item `attentes` { <treatment id>: { debut, viande_jusqu_au?, oeufs_jusqu_au? } } and `sante_rev`, moved in the
//                     treatment's transaction: the batch sale, slaughter and shop sale routes check a day against them without
//                     another read, and condition their write on `sante_rev` as read (functions/bandes/repository/guard.ts).
import { tenantPk } from '../../lib/repo/keys';
import { santeKeys } from '../../bandes/public';

export const pad = (id: number) => String(id).padStart(10, '0');

const bandePk = (t: number, bandeId: number) => `${tenantPk(t)}#BANDE#${bandeId}`;

export const k = {
  plan: santeKeys.plan,
  planPrefix: santeKeys.planPrefix,
  calendrier: santeKeys.calendrier,
  dueIndex: santeKeys.dueIndex,
  duePk: santeKeys.duePk,
  traitement: (t: number, bandeId: number, id: number) => ({ PK: bandePk(t, bandeId), SK: `TRT#${pad(id)}` }),
  traitementPrefix: 'TRT#',
  attenteIndex: (t: number, lastDay: string, id: number) => ({ GSI2PK: `${tenantPk(t)}#SANTE_ATTENTES`, GSI2SK: `${lastDay}#${pad(id)}` }),
  attentesPk: (t: number) => `${tenantPk(t)}#SANTE_ATTENTES`,
  ref: santeKeys.ref,
};
