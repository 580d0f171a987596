// A part of a screen that is mounted only once its place comes near the viewport. On a phone the
// dashboard's year chart, its month table and the payments table sit a screen or two below the
// figures: rendering them (and reading their data) with the first screen made the first screen
// later on a cheap phone for parts the farmer may never scroll to. Where the browser has no
// IntersectionObserver (tests' jsdom, old browsers) the part is mounted at once.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function WhenVisible({ children, placeholder, margin = '400px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (shown || !el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setShown(true), { rootMargin: margin });
    io.observe(el);
    return () => io.disconnect();
  }, [shown, margin]);
  return shown ? <>{children}</> : <div ref={ref}>{placeholder}</div>;
}
