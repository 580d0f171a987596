// GET api/operateur/journal (operator only): the audit log of manual subscription changes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JournalEntry } from '@shared/schemas/operateur';
import { http } from '../../../lib/http';

export const getJournal = () => http.get<{ entrees: JournalEntry[] }>('api/operateur/journal');

export const journalQueryOptions = () => queryOptions({ queryKey: ['operateur', 'journal'], queryFn: getJournal });

export const useJournal = () => useQuery(journalQueryOptions());
