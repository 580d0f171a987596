// WhenVisible (web/src/lib/ui/WhenVisible.tsx): the dashboard's year and payments are mounted only
// once their place nears the viewport; without IntersectionObserver, at once.
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from '../../web/src/lib/ui/WhenVisible';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

function stubObserver() {
  const observers: { cb: Callback; margin?: string; disconnected: boolean }[] = [];
  class FakeObserver {
    private o: (typeof observers)[number];
    constructor(cb: Callback, opts?: { rootMargin?: string }) {
      this.o = { cb, margin: opts?.rootMargin, disconnected: false };
      observers.push(this.o);
    }
    observe() {}
    disconnect() {
      this.o.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return observers;
}

afterEach(() => vi.unstubAllGlobals());

describe('WhenVisible', () => {
  it('shows the placeholder until its place nears the viewport, then the part, and stops observing', () => {
    const observers = stubObserver();
    render(
      <WhenVisible placeholder={<p>place</p>}>
        <p>partie</p>
      </WhenVisible>,
    );
    expect(screen.getByText('place')).toBeTruthy();
    expect(screen.queryByText('partie')).toBeNull();
    expect(observers).toHaveLength(1);
    expect(observers[0].margin).toBe('400px');
    act(() => observers[0].cb([{ isIntersecting: false }]));
    expect(screen.queryByText('partie')).toBeNull();
    act(() => observers[0].cb([{ isIntersecting: true }]));
    expect(screen.getByText('partie')).toBeTruthy();
    expect(screen.queryByText('place')).toBeNull();
    expect(observers[0].disconnected).toBe(true);
  });

  it('mounts the part at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible placeholder={<p>place</p>}>
        <p>partie</p>
      </WhenVisible>,
    );
    expect(screen.getByText('partie')).toBeTruthy();
  });
});
