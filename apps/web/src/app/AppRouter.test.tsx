import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { AppRouter } from './AppRouter';

/** The page being left, e.g. the builder with its preview chat: each press of its button is an urgent update. */
function BuilderPage() {
  const [presses, setPresses] = useState(0);
  return <button onClick={() => setPresses((count) => count + 1)}>builder {presses}</button>;
}

/** A few milliseconds of rendering: a transition may yield after each such part. */
function SlowPart() {
  const until = performance.now() + 4;
  while (performance.now() < until) {
    // rendering
  }
  return null;
}

function ChatPage() {
  return (
    <>
      {Array.from({ length: 20 }, (_, index) => (
        <SlowPart key={index} />
      ))}
      <p>chat</p>
    </>
  );
}

/** Someone pressing the builder's button at every turn of the event loop while it is there. */
function keepPressing(): () => void {
  let pressing = true;
  const press = () => {
    if (!pressing) return;
    screen.queryByRole('button')?.click();
    setTimeout(press, 0);
  };
  press();
  return () => {
    pressing = false;
  };
}

// The race is between React's scheduler and the person's input: act() would settle both at once.
let actEnvironment: unknown;
beforeEach(() => {
  actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
});
afterEach(() => {
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
});

it('shows the next page as soon as the URL changes, while the page left is still being used', async () => {
  const router = createMemoryRouter(
    [
      { path: '/builder', element: <BuilderPage /> },
      { path: '/chat', element: <ChatPage /> },
    ],
    { initialEntries: ['/builder'] },
  );
  render(<AppRouter router={router} />);
  await screen.findByText('builder 0');

  await router.navigate('/chat');
  const stopPressing = keepPressing();
  try {
    // In a transition each press started the chat page's render over, the builder still usable under /chat.
    expect(await screen.findByText('chat', undefined, { timeout: 1_000 })).toBeTruthy();
  } finally {
    stopPressing();
  }
  expect(screen.queryByRole('button')).toBeNull();
});
