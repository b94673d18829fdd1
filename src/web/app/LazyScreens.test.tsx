import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/fake-api.ts';
import { renderRouter } from '../test/render-router.ts';
import { lazyPage } from './lazy-page.ts';
import { useNavigationPending } from './navigation-pending.ts';

function Home() {
  const pending = useNavigationPending();
  return (
    <main>
      <h1>Home</h1>
      {pending && <p>Loading the next screen</p>}
      <Link to="/next">Next</Link>
      <Link to="/broken">Broken</Link>
    </main>
  );
}

function Broken(): never {
  throw new Error('the screen failed');
}

/** Routes with one screen in a chunk the test delivers, or fails, when it likes. */
function routesWithChunk() {
  let deliver: (module: { Next: () => React.JSX.Element }) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<{ Next: () => React.JSX.Element }>((resolve, reject) => {
        deliver = resolve;
        fail = reject;
      }),
  );
  const routes: RouteObject[] = [
    { path: '/', element: <Home /> },
    { path: '/next', ...lazyPage(load, (module) => module.Next, 'auth') },
    { path: '/broken', element: <Broken /> },
  ];
  return {
    routes,
    load,
    deliver: (...args: Parameters<typeof deliver>) => deliver(...args),
    fail: (error: Error) => fail(error),
  };
}

describe('screens in chunks of their own', () => {
  it('keeps the last screen up, saying the next is loading, until the next one can render', async () => {
    stubApi({});
    const chunk = routesWithChunk();
    const router = renderRouter(chunk.routes, '/');
    await userEvent.click(await screen.findByRole('link', { name: 'Next' }));

    expect(router.location.pathname).toBe('/next');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeVisible();
    expect(screen.getByText('Loading the next screen')).toBeVisible();

    chunk.deliver({ Next: () => <h1>Next screen</h1> });
    expect(await screen.findByRole('heading', { name: 'Next screen' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Home' })).not.toBeInTheDocument();
  });

  it('shows the error page when the code cannot be fetched, and asks again on the next visit', async () => {
    stubApi({});
    const chunk = routesWithChunk();
    const router = renderRouter(chunk.routes, '/');
    await userEvent.click(await screen.findByRole('link', { name: 'Next' }));
    chunk.fail(new Error('Failed to fetch dynamically imported module'));

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the home page' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeVisible();

    await router.navigate('/next');
    await waitFor(() => expect(chunk.load).toHaveBeenCalledTimes(2));
    chunk.deliver({ Next: () => <h1>Next screen</h1> });
    expect(await screen.findByRole('heading', { name: 'Next screen' })).toBeVisible();
  });

  it('shows the error page in place of a screen that throws, until the address changes', async () => {
    stubApi({});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRouter(routesWithChunk().routes, '/');
    await userEvent.click(await screen.findByRole('link', { name: 'Broken' }));

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    expect(logged).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the home page' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeVisible();
  });
});
