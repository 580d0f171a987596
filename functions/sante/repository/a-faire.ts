// What GET api/sante/a-faire reads, each by ONE key-condition Query whatever the number of
// batches: the calendars with a step due on or before a day (the sparse due index), and the
// treatments whose withdrawal runs on or after a day (the withdrawal index helper h2's treatments
// write). The losses come from the batches' entries by day (functions/bandes `entriesBetween`).
import { tableName } from '../../lib/ddb';
import { queryAll } from '../../lib/store';
import { toCalendrier, type Calendrier } from '../../bandes/public';
import { toTraitement } from './calendrier';
import type { Traitement } from '@shared/schemas/sante';
import { k } from './keys';

/** Calendars holding a step neither done nor skipped whose due day is on or before `day`. */
export async function calendriersDus(t: number, day: string): Promise<Calendrier[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK <= :e',
    // '~' sorts after the '#<batch id>' that follows the day: the day itself is included.
    ExpressionAttributeValues: { ':pk': k.duePk(t), ':e': `${day}#~` },
  });
  return items.map((i) => toCalendrier(i, Number(i.id_bande)));
}

/** Treatments not cancelled whose longest withdrawal ends on or after `day`. */
export async function attentesDepuis(t: number, day: string): Promise<Traitement[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK >= :s',
    ExpressionAttributeValues: { ':pk': k.attentesPk(t), ':s': `${day}#` },
  });
  return items.map(toTraitement).filter((tr) => tr.etat === 'ACTIVE');
}
