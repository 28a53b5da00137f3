import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Provider } from 'react-redux';
import { renderHook, waitFor } from '@testing-library/react';
import { addTemplate, getTemplateSteps } from '../store';
import { cookStore, type TestBundle } from './test-support';
import { useStoreLoad } from './use-store-load';

function renderLoad(bundle: TestBundle, templateId: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={bundle.store}>{children}</Provider>
  );
  return renderHook(
    ({ id }) =>
      useStoreLoad((dispatch) => dispatch(getTemplateSteps(id)).unwrap(), 'Failed to load steps', id),
    { wrapper, initialProps: { id: templateId } },
  );
}

describe('useStoreLoad', () => {
  it('is loading until the read settles, then reports no error', async () => {
    const bundle = await cookStore();
    const template = await bundle.store.dispatch(addTemplate({ name: 'Ribs' })).unwrap();
    const { result } = renderLoad(bundle, template.id);
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current).toEqual({ loading: false, loadError: null }));
  });

  it("reports the operation's own failure text, and loads again when the key changes", async () => {
    const bundle = await cookStore();
    const template = await bundle.store.dispatch(addTemplate({ name: 'Ribs' })).unwrap();
    const { result, rerender } = renderLoad(bundle, 'no-such-template');
    await waitFor(() => expect(result.current).toEqual({ loading: false, loadError: 'Item not found' }));
    rerender({ id: template.id });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current).toEqual({ loading: false, loadError: null }));
  });
});
