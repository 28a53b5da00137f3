import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createUpdateController } from './update-controller';
import { UpdateControls } from './update-controls';
import { fetchBuildMeta } from './use-build-meta';

function stubFetch(respond: () => Promise<Response>) {
  const fetchMock = vi.fn(respond);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('fetchBuildMeta', () => {
  it('reads /build-meta.json with a cache-busting ts and no cache', async () => {
    const fetchMock = stubFetch(() => json({ version: '1.2.3', buildTime: '2026-01-01T00:00:00Z' }));
    expect(await fetchBuildMeta(fetch, 1234)).toEqual({
      status: 'loaded',
      version: '1.2.3',
      buildTime: '2026-01-01T00:00:00Z',
    });
    expect(fetchMock).toHaveBeenCalledWith('/build-meta.json?ts=1234', { cache: 'no-store' });
  });

  it('fails on an error status, a bad body or no network', async () => {
    stubFetch(() => json({}, 404));
    expect(await fetchBuildMeta()).toEqual({ status: 'failed' });
    stubFetch(() => json({ version: 1 }));
    expect(await fetchBuildMeta()).toEqual({ status: 'failed' });
    stubFetch(() => Promise.reject(new TypeError('offline')));
    expect(await fetchBuildMeta()).toEqual({ status: 'failed' });
  });
});

describe('header update controls', () => {
  it('the badge turns yellow for a newer deployed build and amber once an update waits; the reload button says so', async () => {
    stubFetch(() => json({ version: '2.0.0', buildTime: '2026-01-02T00:00:00Z' }));
    const controller = createUpdateController();
    render(<UpdateControls controller={controller} runningVersion="1.0.0" />);
    const badge = screen.getByText('v1.0.0');
    const button = screen.getByRole('button', { name: 'Reload' });
    expect(button.getAttribute('data-update-ready')).toBe('false');
    await vi.waitFor(() => expect(badge.getAttribute('data-tone')).toBe('yellow'));
    act(() => controller.markUpdateReady({ messageSkipWaiting: vi.fn() }));
    expect(badge.getAttribute('data-tone')).toBe('amber');
    expect(
      screen.getByRole('button', { name: 'Reload to apply the update' }).getAttribute('data-update-ready'),
    ).toBe('true');
  });

  it('the badge is red when the build meta cannot be loaded', async () => {
    stubFetch(() => Promise.reject(new TypeError('offline')));
    render(<UpdateControls controller={createUpdateController()} runningVersion="1.0.0" />);
    await vi.waitFor(() => expect(screen.getByText('v1.0.0').getAttribute('data-tone')).toBe('red'));
  });
});
