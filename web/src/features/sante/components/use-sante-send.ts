// The save every health dialog shares: the write (through the outbox for a batch's step or
// treatment), the success message (or the outbox's « Hors ligne : … » when it waits on the
// device), and the refusal shown above the fields in the server's own words, withdrawn by any
// change of a field.
import { useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { useEffect } from 'react';
import { serverMessage } from '../../../lib/http';
import { savedMessage } from '../../../lib/offline/outbox';
import { useSanteMutation } from '../api/mutations';

export function useSanteSend<V, R, T extends FieldValues>(
  save: (body: V) => Promise<R>,
  watch: UseFormWatch<T> | null,
  { saved, failed, onSaved }: { saved: string; failed: string; onSaved: (message: string) => void },
) {
  const mutation = useSanteMutation(save);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!watch) return;
    const sub = watch(() => setError(null));
    return () => sub.unsubscribe();
  }, [watch]);
  const send = (body: V, refus?: string | null) => {
    setError(null);
    if (refus) return setError(refus);
    mutation.mutate(body, {
      onSuccess: (r) => onSaved(savedMessage(r, saved)),
      onError: (err) => setError(serverMessage(err, failed)),
    });
  };
  return { error, pending: mutation.isPending, send };
}
