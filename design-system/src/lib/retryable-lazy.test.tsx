import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component, Suspense, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import type * as RetryableLazyModule from './retryable-lazy';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Error screen</p> : this.props.children;
  }
}

/** A lazy screen whose download fails when `fail` is called (as a chunk a deploy removed). */
function failingDownload() {
  let fail = () => {};
  const download = new Promise<never>((_, reject) => (fail = () => reject(new Error('chunk gone'))));
  return { download, fail: () => act(async () => fail()) };
}

// The page's reload state lives in the module: each test gets the module afresh.
let lazyModule: typeof RetryableLazyModule;
beforeEach(async () => {
  vi.resetModules();
  lazyModule = await import('./retryable-lazy');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

function renderScreen(
  load: () => Promise<() => ReactNode>,
  options?: RetryableLazyModule.RetryableLazyOptions<object>,
) {
  const Screen = lazyModule.retryableLazy(load, options);
  render(
    <Boundary>
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>
    </Boundary>,
  );
  return Screen;
}

describe('retryableLazy', () => {
  it('a failed download reaches the error screen, and marks the screen as failed', async () => {
    const { download, fail } = failingDownload();
    const Screen = renderScreen(() => download);
    await fail();
    expect(screen.getByText('Error screen')).toBeInTheDocument();
    expect(Screen.failed).toBe(true);
  });

  it('a download that fails while the page is reloading keeps showing Loading until the new page comes', async () => {
    const { download, fail } = failingDownload();
    renderScreen(() => download);
    expect(lazyModule.isPageReloading()).toBe(false);
    lazyModule.markPageReloading();
    await fail();
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('Error screen')).not.toBeInTheDocument();
  });

  it('a recover option that takes care of the failure also keeps it suspended', async () => {
    const { download, fail } = failingDownload();
    const recover = vi.fn(() => true);
    renderScreen(() => download, { recover });
    await fail();
    expect(recover).toHaveBeenCalledWith(expect.objectContaining({ message: 'chunk gone' }));
    expect(screen.getByText('Loading')).toBeInTheDocument();
  });
});
