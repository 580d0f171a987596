// A lazy screen loaded ahead of its first render (app/lazy-screen.tsx, issue 12): once preloaded it
// renders at once, without the Suspense fallback (and React's 300 ms reveal throttle after one);
// not preloaded it behaves like React.lazy; a failed load can be tried again.
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
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

  it('suspends like React.lazy when not preloaded', async () => {
    const S = lazyScreen(async () => page('Bandes'));
    mount(S);
    expect(screen.getByText('Chargement')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Bandes' })).toBeTruthy();
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
