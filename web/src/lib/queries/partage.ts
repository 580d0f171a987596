// The signed links of a document (functions/partage): POST api/partage creates one (and,
// for a statement sent as a reminder, records the reminder), GET api/partage?type=&id= lists a
// document's links, POST api/partage/revoquer kills one at once. Here because two features send
// them: the documents' « Envoyer par WhatsApp » (features/partage) and the debt follow-up's
// « Relancer par WhatsApp » (features/releve). Each call names the right of the document's screen
// (DROIT_PARTAGE): the server checks that very right.
import { queryOptions } from '@tanstack/react-query';
import { DROIT_PARTAGE, type Partage, type PartageInput, type PartageResult, type TypePartage } from '@shared/schemas/partage';
import { http } from '../http';

/** The start of every links query key: a share or a revoke reloads them. */
export const partagesKey: readonly string[] = ['partages'];

export const createPartage = (input: PartageInput) => http.post<PartageResult>('api/partage', input, { droit: `${DROIT_PARTAGE[input.type]}:r` });

export const revokePartage = (p: Pick<Partage, 'id' | 'type'>) =>
  http.post<Partage>('api/partage/revoquer', { id: p.id }, { droit: `${DROIT_PARTAGE[p.type]}:r` });

export const partagesQueryOptions = (type: TypePartage, id: number) =>
  queryOptions({
    queryKey: [...partagesKey, type, id],
    queryFn: () => http.get<Partage[]>(`api/partage?type=${type}&id=${id}`, { droit: `${DROIT_PARTAGE[type]}:r` }),
  });

/** A link still opens: not revoked, not expired (`now` in ms). */
export const lienVivant = (p: Pick<Partage, 'revoque_le' | 'expire_le'>, now = Date.now()) => !p.revoque_le && Date.parse(p.expire_le) > now;
