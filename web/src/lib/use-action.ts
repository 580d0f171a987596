// A one-shot server action for the public screens (login, sign-up, recovery): pending state and
// success/error callbacks, the subset of TanStack Query's useMutation those screens use. It keeps
// TanStack Query (and its provider) off the first screen: the query client is created with the
// authenticated shell (app/AuthedApp.tsx).
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ActionCallbacks<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: unknown) => void;
}

export function useAction<A, R>(fn: (arg: A) => Promise<R>) {
  const [isPending, setPending] = useState(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const mutate = useCallback(
    (arg: A, cb: ActionCallbacks<R> = {}) => {
      setPending(true);
      fn(arg).then(
        (result) => {
          if (!live.current) return;
          setPending(false);
          cb.onSuccess?.(result);
        },
        (error) => {
          if (!live.current) return;
          setPending(false);
          cb.onError?.(error);
        },
      );
    },
    [fn],
  );
  return { isPending, mutate };
}
