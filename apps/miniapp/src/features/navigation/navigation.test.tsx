import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppRouter, createMemoryHistory } from '../../lib/router/index.ts';
import { strings } from '../../lib/strings.ts';
import { createFakeServer, directory, makeAgent, noTwin, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';
import { NavBar } from './components/NavBar.tsx';

const TABS = [
  ['Twin', '/'],
  ['Agents', '/agents'],
  ['Leaderboard', '/leaderboard'],
  ['Actions', '/info'],
] as const;

const nav = () => screen.getByRole('navigation', { name: 'Screens' });
const tab = (name: string) => within(nav()).getByRole('link', { name });
const currentTab = () =>
  within(nav())
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

/** Signed in as fid 42, who owns agent-1; the directory lists it; its actions are the defaults. */
function openApp(path: string, { hasTwin = true } = {}) {
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', hasTwin ? withTwin() : noTwin());
  server.on('GET /doppelganger/agents', directory([makeAgent()]));
  server.on('GET /doppelganger/actions/agent-1', {
    agentId: 'agent-1',
    actions: { replyOnFarcaster: true, replyToDirectMessages: true, contentWriter: false, notifications: false },
    directMessagesAvailable: true,
  });
  return renderApp({ path, server });
}

describe('the navigation bar', () => {
  it.each([
    ['/', 'Twin'],
    ['/agents', 'Agents'],
    ['/agent/agent-1', 'Agents'],
    ['/leaderboard', 'Leaderboard'],
    ['/info', 'Actions'],
  ])('on %s: links to every screen, %s marked as the current one', async (path, current) => {
    openApp(path);
    await waitFor(() => expect(currentTab()).toEqual([current]));
    for (const [name, href] of TABS) expect(tab(name).getAttribute('href')).toBe(href);
  });

  it('moves from the twin to every screen and back, with in-app links', async () => {
    const { router } = openApp('/');
    const user = userEvent.setup();
    await screen.findByPlaceholderText(strings.messagePlaceholder);

    await user.click(tab('Agents'));
    expect(await screen.findByRole('heading', { name: strings.agentsTitle })).toBeTruthy();
    // A card opens the twin's page; its back link returns to the directory.
    await user.click(await screen.findByRole('link', { name: /@alice-twin/ }));
    await user.click(await screen.findByRole('link', { name: new RegExp(strings.backToAgents) }));
    expect(await screen.findByRole('heading', { name: strings.agentsTitle })).toBeTruthy();

    await user.click(tab('Leaderboard'));
    const board = await screen.findByRole('dialog', { name: strings.leaderboardTitle });
    // Closing the leaderboard goes back where the person was.
    await user.click(within(board).getByRole('button', { name: 'Close the leaderboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agents'));

    await user.click(tab('Actions'));
    expect(await screen.findByRole('heading', { name: strings.agentActionsTitle })).toBeTruthy();
    await user.click(tab('Twin'));
    expect(await screen.findByPlaceholderText(strings.messagePlaceholder)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a tab is a real link: a modified click (a new tab) is left to the browser, a plain one moves the app', async () => {
    const { router } = openApp('/');
    await screen.findByPlaceholderText(strings.messagePlaceholder);
    // What reaches the page after the app: whether the app took the click (and stop the browser's own action).
    const taken: boolean[] = [];
    const page = (event: MouseEvent) => {
      taken.push(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', page);
    try {
      fireEvent.click(tab('Agents'), { ctrlKey: true });
      expect(taken).toEqual([false]);
      expect(router.state.location.pathname).toBe('/');
      fireEvent.click(tab('Agents'));
      expect(taken).toEqual([false, true]);
      await waitFor(() => expect(router.state.location.pathname).toBe('/agents'));
    } finally {
      document.removeEventListener('click', page);
    }
  });

  it('a leaderboard opened directly (a link) closes to the main screen, with the button or Escape', async () => {
    const user = userEvent.setup();
    const { router, unmount } = openApp('/leaderboard');
    await user.click(await screen.findByRole('button', { name: 'Close the leaderboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    unmount();

    const again = openApp('/leaderboard');
    await screen.findByRole('dialog', { name: strings.leaderboardTitle });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/'));
  });

  it('"How it works" is reachable during onboarding', async () => {
    openApp('/', { hasTwin: false });
    expect(await screen.findByText(strings.noTwinYet)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: strings.howItWorksOpen }));
    const dialog = screen.getByRole('dialog', { name: strings.howItWorksTitle });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
  });

  it("sits inside the host's safe-area insets, under the screen", async () => {
    openApp('/agents');
    await screen.findByRole('heading', { name: strings.agentsTitle });
    const shell = nav().parentElement as HTMLElement;
    expect(shell.classList.contains('safe-area')).toBe(true);
    // The directory shows without the host's context; the insets come with it.
    await waitFor(() => expect(shell.style.getPropertyValue('--safe-bottom')).toBe('20px'));
    // The bar comes last, after the screen.
    expect(shell.lastElementChild).toBe(nav());
  });

  it('a link to a screen that does not exist still has the way home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = openApp('/no-such-screen');
    expect(await screen.findByRole('heading', { name: strings.somethingWentWrong })).toBeTruthy();
    await userEvent.setup().click(tab('Twin'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByPlaceholderText(strings.messagePlaceholder)).toBeTruthy();
  });

  it('has a slot for an account control (web mode sign-in), empty unless given', () => {
    const renderBar = (slot?: string) => {
      // The bar reads whether the user owns a twin (its "Your twin" tab) through the query cache.
      return render(
        <QueryClientProvider client={new QueryClient()}>
          <AppRouter history={createMemoryHistory()}>
            <NavBar>{slot ? <button type="button">{slot}</button> : null}</NavBar>
          </AppRouter>
        </QueryClientProvider>,
      );
    };
    const { container, unmount } = renderBar();
    expect(container.querySelector('.nav-bar__slot')).toBeNull();
    unmount();
    renderBar('Sign in');
    expect(within(nav()).getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
