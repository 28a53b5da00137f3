import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScreenBoundary } from './screen-boundary';

function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>{`Clicked ${count}`}</button>;
}

/** A screen whose code is still downloading until `arrive` is called. */
function slowScreen() {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let ready = false;
  void arrived.then(() => (ready = true));
  function SlowScreen() {
    if (!ready) throw arrived;
    return <h1>Templates</h1>;
  }
  return { SlowScreen, arrive: () => act(async () => arrive()) };
}

describe('ScreenBoundary', () => {
  it('shows Loading while the screen downloads, then the screen', async () => {
    const { SlowScreen, arrive } = slowScreen();
    render(
      <ScreenBoundary screen="/templates">
        <SlowScreen />
      </ScreenBoundary>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    await arrive();
    expect(screen.getByRole('heading', { name: 'Templates' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps what is inside while the screen stays, and starts afresh for another screen', async () => {
    const user = userEvent.setup();
    const at = (path: string) => (
      <ScreenBoundary screen={path}>
        <Counter />
      </ScreenBoundary>
    );
    const { rerender } = render(at('/contests/:id/steps'));
    await user.click(screen.getByRole('button'));
    rerender(at('/contests/:id/steps'));
    expect(screen.getByRole('button')).toHaveTextContent('Clicked 1');
    rerender(at('/templates'));
    expect(screen.getByRole('button')).toHaveTextContent('Clicked 0');
  });

  it('going back to a shown screen while another still downloads shows that screen', async () => {
    const { SlowScreen, arrive } = slowScreen();
    const { rerender } = render(
      <ScreenBoundary screen="/templates">
        <SlowScreen />
      </ScreenBoundary>,
    );
    rerender(
      <ScreenBoundary screen="/contests">
        <h1>Cook-off</h1>
      </ScreenBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Cook-off' })).toBeInTheDocument();
    await arrive();
    expect(screen.getByRole('heading', { name: 'Cook-off' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Templates' })).not.toBeInTheDocument();
  });
});
