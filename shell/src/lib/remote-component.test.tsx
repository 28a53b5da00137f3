import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { remoteComponent } from './remote-component';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>error screen</p> : this.props.children;
  }
}

const Loaded = ({ who }: { who: string }) => <p>{`hello ${who}`}</p>;

function renderRemote(Remote: ComponentType<{ who: string }>) {
  return render(
    <Boundary>
      <Suspense fallback={<p>loading</p>}>
        <Remote who="cook" />
      </Suspense>
    </Boundary>,
  );
}

describe('remoteComponent', () => {
  it('renders the remote once loaded', async () => {
    const Remote = remoteComponent(async () => Loaded);
    renderRemote(Remote);
    expect(await screen.findByText('hello cook')).toBeTruthy();
  });

  it('a failed load right after a deploy makes one guarded reload and stays on the fallback meanwhile', async () => {
    const recover = vi.fn(() => true);
    const Remote = remoteComponent<{ who: string }>(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      { recover },
    );
    renderRemote(Remote);
    await act(async () => {});
    expect(recover).toHaveBeenCalledTimes(1);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(screen.queryByText('error screen')).toBeNull();
  });

  it('when the reload is not allowed the error reaches the error screen, and retry() loads afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const Remote = remoteComponent(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return Loaded;
      },
      { recover: () => false },
    );
    const view = renderRemote(Remote);
    expect(await screen.findByText('error screen')).toBeTruthy();
    expect(attempts).toBe(1); // no retry loop while rendering the error

    Remote.retry();
    view.unmount();
    renderRemote(Remote);
    expect(await screen.findByText('hello cook')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it("a retry loads through `reload` (attempt 1, 2, ...), not the first load's import, which keeps its failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const firstLoad = vi.fn(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const attempts: number[] = [];
    const Remote = remoteComponent<{ who: string }>(firstLoad, {
      recover: () => false,
      reload: async (attempt) => {
        attempts.push(attempt);
        if (attempt === 1) throw new TypeError('still offline');
        return Loaded;
      },
    });
    let view = renderRemote(Remote);
    expect(await screen.findByText('error screen')).toBeTruthy();

    Remote.retry();
    view.unmount();
    view = renderRemote(Remote);
    expect(await screen.findByText('error screen')).toBeTruthy();

    Remote.retry();
    view.unmount();
    renderRemote(Remote);
    expect(await screen.findByText('hello cook')).toBeTruthy();
    expect(attempts).toEqual([1, 2]);
    expect(firstLoad).toHaveBeenCalledTimes(1);
  });

  it('retry() after a successful load loads nothing again', async () => {
    const load = vi.fn(async () => Loaded);
    const reload = vi.fn(async () => Loaded);
    const Remote = remoteComponent<{ who: string }>(load, { reload });
    const view = renderRemote(Remote);
    expect(await screen.findByText('hello cook')).toBeTruthy();
    Remote.retry();
    view.unmount();
    renderRemote(Remote);
    expect(await screen.findByText('hello cook')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });
});
