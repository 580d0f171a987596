// GET api/sante/a-faire: the business's « À faire » today (functions/sante/a-faire.ts,
// the same computation the morning push summary reads).
import type { SanteAFaire } from '@shared/schemas/sante';
import type { RouteContext } from '../../lib/http';
import { today } from '../../bandes/public';
import { aFaire } from '../a-faire';

export function getAFaire(ctx: RouteContext): Promise<SanteAFaire> {
  return aFaire(ctx.auth.tenantId, today());
}
