// A lazy screen (app/lazy-screen.tsx): once preloaded it renders at once; not loaded yet
// it shows the page loader itself and never suspends (a Suspense fallback would bring React's
// 300 ms reveal throttle); a failed load reaches the error boundary and can be tried again.
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { ErrorBoundary } from '../../web/src/app/ErrorBoundary';
import { lazyScreen } from '../../web/src/app/lazy-screen';

const page = (title: string) => ({ default: () => <h1>{title}</h1> });
const mount = (S: React.ComponentType) =>
  render(
    <Suspense fallback={<p>Chargement</p>}>
      <S />
    </Suspense>,
  );

describe('lazyScreen', () => {
  it('renders a preloaded screen without suspending', async () => {
    const factory = vi.fn(async () => page('Tableau de bord'));
    const S = lazyScreen(factory);
    await S.preload();
    // Synchronous: the first render already shows the page.
    mount(S);
    expect(screen.getByRole('heading', { name: 'Tableau de bord' })).toBeTruthy();
    expect(screen.queryByText('Chargement')).toBeNull();
    // One import for the preload and the render.
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('shows the page loader while loading, without suspending, then the page', async () => {
    let resolve!: (m: ReturnType<typeof page>) => void;
    const S = lazyScreen(() => new Promise<ReturnType<typeof page>>((r) => (resolve = r)));
    mount(S);
    // Its own loader, not the Suspense fallback.
    expect(screen.getByRole('status').textContent).toContain('Chargement…');
    expect(screen.queryByText('Chargement')).toBeNull();
    resolve(page('Bandes'));
    expect(await screen.findByRole('heading', { name: 'Bandes' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a failed load reaches the error boundary; the next mount tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const factory = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(page('Ventes'));
    const S = lazyScreen(factory);
    const first = render(
      <ErrorBoundary>
        <S />
      </ErrorBoundary>,
    );
    expect(await screen.findByText(/Cette page n'a pas pu être chargée/)).toBeTruthy();
    first.unmount();
    mount(S);
    expect(await screen.findByRole('heading', { name: 'Ventes' })).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('tries again after a failed load', async () => {
    const factory = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(page('Clients'));
    const S = lazyScreen(factory);
    await expect(S.preload()).rejects.toThrow('Failed to fetch');
    await S.preload();
    mount(S);
    expect(screen.getByRole('heading', { name: 'Clients' })).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(2);
  });
});
