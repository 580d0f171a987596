// A message that clears itself after 5 000 ms (spec part 1 §9: message clear time).
import { useCallback, useEffect, useRef, useState } from 'react';

const MESSAGE_CLEAR_MS = 5000;

export function useTimedMessage<T>(ms = MESSAGE_CLEAR_MS) {
  const [message, setMessage] = useState<T | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback(
    (m: T | null) => {
      window.clearTimeout(timer.current);
      setMessage(m);
      if (m !== null) timer.current = window.setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [message, show] as const;
}
