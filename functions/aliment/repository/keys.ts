// Every key of the farm's feed store (docs/data-model.md "Aliment", decision 0232):
//   ledger            PK ENT#<t>              SK ALIMENT#REGISTRE
//                     `jours` { <day>: { e: grams in, v: FCFA paid, s: grams out } } (shared/formulas/aliment.ts Registre),
//                     `bandes` { <batch id>: { <day>: grams } } (ConsoBandes), `version` (every store write conditions
//                     on it and moves it: two writes never both pass on the same reading), `seuil_jours`,
//                     `baisse_eau_pct` (the water alert's share; absent: 20, decision 0242)
//   purchase          PK ENT#<t>              SK ALIMENT#ACH#<pad10 id>
//     by day          GSI2PK ENT#<t>#JOUR     GSI2SK <date>#ACH#<pad10 id>  (the period and year dashboards count its
//                     price as an expense on its date: the cash view, decision 0233; removed when cancelled)
//   consumption       PK ENT#<t>#BANDE#<id>   SK CON#<pad10 id>   (in the batch's collection: GET api/bande/{id}
//                     reads it in the same Query as its entries)
//     id → batch      PK ENT#<t>              SK BANDEREF#CON#<pad10 id>  (the cancel carries only its id)
//     by day          GSI2PK ENT#<t>#ALIMENT_CONSO GSI2SK <date>#<pad10 id>  (the consumptions' list; kept when
//                     cancelled, the list shows them with etat DELETED; NOT the JOUR partition: a consumption is
//                     not cash, nothing counted twice)
import { tenantPk } from '../../lib/repo/keys';

export const pad = (id: number) => String(id).padStart(10, '0');

export const k = {
  registre: (t: number) => ({ PK: tenantPk(t), SK: 'ALIMENT#REGISTRE' }),
  achat: (t: number, id: number) => ({ PK: tenantPk(t), SK: `ALIMENT#ACH#${pad(id)}` }),
  achatPrefix: 'ALIMENT#ACH#',
  achatJour: (t: number, day: string, id: number) => ({ GSI2PK: `${tenantPk(t)}#JOUR`, GSI2SK: `${day}#ACH#${pad(id)}` }),
  conso: (t: number, bandeId: number, id: number) => ({ PK: `${tenantPk(t)}#BANDE#${bandeId}`, SK: `CON#${pad(id)}` }),
  consoRef: (t: number, id: number) => ({ PK: tenantPk(t), SK: `BANDEREF#CON#${pad(id)}` }),
  consoJourPk: (t: number) => `${tenantPk(t)}#ALIMENT_CONSO`,
  consoJour: (t: number, day: string, id: number) => ({ GSI2PK: `${tenantPk(t)}#ALIMENT_CONSO`, GSI2SK: `${day}#${pad(id)}` }),
};
