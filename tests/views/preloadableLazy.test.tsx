// A preloaded chunk renders at once, without its Suspense fallback (React 19 would hold a suspended page
// back for up to 300 ms); one not yet loaded suspends as React.lazy does; a mounted page is never remounted.
import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from '../../src/views/common/preloadableLazy';

/** A module whose arrival the test decides, counting how often the page mounts. */
function deferredPage() {
  let arrive: () => void = () => {};
  const mounts = { count: 0 };
  function Page({ who }: { who: string }) {
    useState(() => {
      mounts.count += 1;
      return null;
    });
    return <p>Hola {who}</p>;
  }
  const module = new Promise<{ default: typeof Page }>((resolve) => {
    arrive = () => resolve({ default: Page });
  });
  let loads = 0;
  const lazyPage = preloadableLazy(() => {
    loads += 1;
    return module;
  });
  return { lazyPage, arrive, mounts, loads: () => loads };
}

describe('preloadableLazy', () => {
  it('renders a preloaded module directly: no fallback is ever shown', async () => {
    const { lazyPage, arrive } = deferredPage();
    const preloaded = lazyPage.preload();
    arrive();
    await preloaded;
    render(
      <Suspense fallback={<p>Cargando</p>}>
        <lazyPage.Component who="Rosa" />
      </Suspense>,
    );
    // Synchronously, in the first commit.
    expect(screen.getByText('Hola Rosa')).toBeTruthy();
    expect(screen.queryByText('Cargando')).toBeNull();
  });

  it('suspends like React.lazy while the module is on its way, then shows it, downloading once', async () => {
    const { lazyPage, arrive, loads } = deferredPage();
    render(
      <Suspense fallback={<p>Cargando</p>}>
        <lazyPage.Component who="Ana" />
      </Suspense>,
    );
    expect(screen.getByText('Cargando')).toBeTruthy();
    void lazyPage.preload();
    await act(async () => arrive());
    expect(await screen.findByText('Hola Ana')).toBeTruthy();
    expect(loads()).toBe(1);
  });

  it('keeps a page mounted through the lazy path mounted when it renders again after the module arrived', async () => {
    const { lazyPage, arrive, mounts } = deferredPage();
    const view = render(
      <Suspense fallback={<p>Cargando</p>}>
        <lazyPage.Component who="Ana" />
      </Suspense>,
    );
    await act(async () => arrive());
    await screen.findByText('Hola Ana');
    view.rerender(
      <Suspense fallback={<p>Cargando</p>}>
        <lazyPage.Component who="Luis" />
      </Suspense>,
    );
    expect(screen.getByText('Hola Luis')).toBeTruthy();
    expect(mounts.count).toBe(1);
  });

  it('lets a failed download be tried again', async () => {
    let attempts = 0;
    const lazyPage = preloadableLazy(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: () => <p>Listo</p> });
    });
    await expect(lazyPage.preload()).rejects.toThrow('offline');
    await lazyPage.preload();
    render(<lazyPage.Component />);
    expect(screen.getByText('Listo')).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
