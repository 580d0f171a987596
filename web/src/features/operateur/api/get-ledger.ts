// GET api/operateur/paiements?mois=yyyy-mm (operator only): every payment of a month, all businesses.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LedgerResponse } from '@shared/schemas/operateur';
import { http } from '../../../lib/http';

export const getLedger = (mois: string) => http.get<LedgerResponse>(`api/operateur/paiements?mois=${encodeURIComponent(mois)}`);

export const ledgerQueryOptions = (mois: string) => queryOptions({ queryKey: ['operateur', 'paiements', mois], queryFn: () => getLedger(mois) });

export const useLedger = (mois: string) => useQuery({ ...ledgerQueryOptions(mois), enabled: /^\d{4}-\d{2}$/.test(mois) });
