import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ajax } from '../features/helper-bot/index.ts';
import { HowItWorksModal } from '../features/how-it-works/index.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { createFakeServer, errorReply, json, makeAgent, withTwin } from '../test/fake-server.ts';
import { renderApp } from '../test/render.tsx';
import { host, userContext } from '../test/sdk-double.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { routes } from './routes.tsx';

function Boom(): never {
  throw new Error('kaboom');
}

describe('top-level error boundary', () => {
  it('shows "Something went wrong" with the error text', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('kaboom')).toBeTruthy();
  });

  it('a missing app config fails loudly in the boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    (globalThis as Record<string, unknown>).__FARTWIN_CONFIG__ = undefined;
    const { App } = await import('./App.tsx');
    render(<App />);
    // Checked with the protocol's schemas, which load after the first paint.
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/The app configuration from the server is missing or invalid/)).toBeTruthy();
  });
});

describe('app shell', () => {
  it('lazy-loads every route but /', () => {
    const children = routes;
    const index = children.find((route) => route.path === '/');
    expect(index?.Component).toBeTruthy();
    for (const path of ['/agent/:agentId', '/agents', '/leaderboard', '/info']) {
      const route = children.find((candidate) => candidate.path === path);
      expect(route?.lazy, path).toBeTypeOf('function');
      expect(route?.Component, path).toBeUndefined();
    }
  });

  it('queries retry once, without refetch on window focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.retry).toBe(1);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
  });

  it("pads the app by the host's safe-area insets", async () => {
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', withTwin(makeAgent()));
    const { container } = renderApp({ server });
    await screen.findByPlaceholderText('Type your message...');
    const shell = container.querySelector('.safe-area') as HTMLElement;
    expect(shell.style.getPropertyValue('--safe-top')).toBe('12px');
    expect(shell.style.getPropertyValue('--safe-bottom')).toBe('20px');
  });

  it('the "How Fartwin Works" modal is hidden by default and opens from the chat header', async () => {
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', withTwin(makeAgent()));
    renderApp({ server });
    await screen.findByPlaceholderText('Type your message...');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'How it works' }));
    expect(screen.getByRole('heading', { name: 'How Fartwin Works' })).toBeTruthy();
    expect(screen.getByRole('dialog').querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByText(/8 core characteristics/)).toBeTruthy();
  });

  it('renders nothing when closed', () => {
    const { container } = render(<HowItWorksModal open={false} onClose={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('helper bot ajax', () => {
  it('is a fixed object with a far-future life', () => {
    expect(ajax.username).toBe('ajaxbot');
    expect(ajax.lifePercentage).toBe(100);
    expect(ajax.picture).toBe('/ajax.svg');
    expect(ajax.expiryTimestamp).toBeGreaterThan(Date.UTC(9000, 0, 1));
    expect(ajax.deathTimestamp).toBeGreaterThan(Date.UTC(9000, 0, 1));
    expect(ajax.automatedBy).toMatchObject({ username: 'ajaxbot', picture: '/ajax.svg' });
  });
});

describe('route errors (the top-level error boundary)', () => {
  it('a link to a screen that does not exist shows the status, not "[object Object]"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp({ path: '/no-such-screen' });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('404 Not Found: No route matches URL "/no-such-screen"');
    expect(alert.textContent).not.toContain('[object Object]');
  });
});

describe("the main screen's failures and busy states", () => {
  it('an agent list that fails to load says so beside "Try again", and Try again loads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    let fail = true;
    server.on('GET /doppelganger/agents/42', () =>
      fail ? errorReply('The database is away.', 503, 'unavailable') : json(withTwin(makeAgent())),
    );
    renderApp({ server });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Your Fartwin couldn't be loaded: The database is away.");
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByPlaceholderText('Type your message...')).toBeTruthy();
  });

  it('Send is disabled while a reply is in flight, and enabled again once it is in', async () => {
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', withTwin(makeAgent()));
    let answer: ((response: Response) => void) | null = null;
    server.on(
      'POST /doppelganger/chat-with-fartwin/agent-1',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    renderApp({ server });
    const input = await screen.findByPlaceholderText('Type your message...');
    const sendButton = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    const user = userEvent.setup();
    await user.type(input, 'first{Enter}');
    await waitFor(() => expect(answer).not.toBeNull());
    expect(sendButton.disabled).toBe(true);
    // What is typed meanwhile stays in the input, to be sent once the reply is in.
    await user.type(input, 'second{Enter}');
    expect((input as HTMLInputElement).value).toBe('second');
    answer!(json({ message: 'hi', engine: 'llm' }));
    await waitFor(() => expect(sendButton.disabled).toBe(false));
  });
});
