import type { ActivityResponse, PeopleMemoryResponse } from '@fartwin/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorReply, json, noTwin, withTwin } from '../../test/fake-server.ts';
import { voiceAnswer, walletAnswer } from '../../test/owner-answers.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';

type Handler = Parameters<ReturnType<typeof createFakeServer>['on']>[1];

/** One owner screen: where it is, what it reads about the twin, and how it says each state. */
interface OwnerScreenCase {
  path: string;
  title: string;
  /** The screen's own request, once the twin is known. */
  request: string;
  answer: unknown;
  /** Resolves once the screen shows what it read. */
  shown: () => Promise<unknown>;
  loading: string;
  signIn: string;
  noTwin: string;
  loadFailed: string;
  /** Whether the screen leads back to "Your twin" (every one but "Your twin" itself). */
  back: boolean;
}

const cases: OwnerScreenCase[] = [
  {
    path: '/you',
    title: 'Your twin',
    request: 'GET /doppelganger/voice/agent-1',
    answer: voiceAnswer(),
    shown: () => screen.findByRole('button', { name: 'Save voice' }),
    loading: 'Loading your twin’s voice…',
    signIn: 'Sign in to shape your twin’s voice.',
    noTwin: "You don't have a Fartwin yet.",
    loadFailed: 'Could not load your twin’s voice: ',
    back: false,
  },
  {
    path: '/you/activity',
    title: 'Activity',
    request: 'GET /doppelganger/activity/agent-1',
    answer: { agentId: 'agent-1', view: 'owner', items: [], nextCursor: null } satisfies ActivityResponse,
    shown: () => screen.findByText('Nothing yet.'),
    loading: 'Loading activity…',
    signIn: 'Sign in to see what your twin did.',
    noTwin: "You don't have a twin yet.",
    loadFailed: 'Could not load the activity: ',
    back: true,
  },
  {
    path: '/you/people',
    title: 'People it remembers',
    request: 'GET /doppelganger/people-memory/agent-1',
    answer: { agentId: 'agent-1', people: [] } satisfies PeopleMemoryResponse,
    shown: () => screen.findByText('Your twin does not remember anyone yet.'),
    loading: 'Loading what your twin remembers…',
    signIn: 'Sign in to see what your twin remembers.',
    noTwin: 'Only a twin’s owner sees what it remembers. Create your twin first.',
    loadFailed: 'Could not load what your twin remembers: ',
    back: true,
  },
  {
    path: '/you/wallet',
    title: "Your twin's wallet",
    request: 'GET /doppelganger/wallet/agent-1',
    answer: walletAnswer(),
    shown: () => screen.findByTestId('balance-usdc'),
    loading: 'Loading the wallet…',
    signIn: "Sign in to see your twin's wallet.",
    noTwin: 'You have no twin yet, so there is no wallet to show.',
    loadFailed: 'The wallet could not be loaded: ',
    back: true,
  },
];

/** Opens the screen as fid 42 (or signed out: null), whose twins and twin data answer as given. */
function open(
  screenCase: OwnerScreenCase,
  {
    fid = 42,
    agents = withTwin(),
    data = screenCase.answer,
  }: { fid?: number | null; agents?: Handler; data?: Handler },
) {
  if (fid !== null) host.context = Promise.resolve(userContext(fid));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', agents);
  // "Your twin" also lists the owner's rewrites, a read of its own: none yet.
  server.on('GET /doppelganger/examples/agent-1', () => json({ agentId: 'agent-1', examples: [] }));
  server.on(screenCase.request, data);
  renderApp({ path: screenCase.path, server });
  return server;
}

/** In every state: the app frame's one main, the screen's one h1, and the way back where there is one. */
function expectFrame({ title, back }: OwnerScreenCase) {
  expect(document.querySelectorAll('main')).toHaveLength(1);
  expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([title]);
  expect(screen.queryAllByRole('link', { name: 'Back to your twin' })).toHaveLength(back ? 1 : 0);
}

describe.each(cases)('$path, in the owner screens’ one frame', (screenCase) => {
  it('says it is loading, in a place that holds the room the screen takes, then shows what it read', async () => {
    let release: (() => void) | null = null;
    const server = open(screenCase, {
      data: () => new Promise<Response>((resolve) => (release = () => resolve(json(screenCase.answer)))),
    });
    await waitFor(() => expect(server.callsTo(screenCase.request)).toHaveLength(1));
    const loading = screen.getByText(screenCase.loading);
    expect(loading.getAttribute('role')).toBe('status');
    expect(loading.classList.contains('owner-screen__loading')).toBe(true);
    expectFrame(screenCase);
    release!();
    await screenCase.shown();
    expect(screen.queryByText(screenCase.loading)).toBeNull();
    expectFrame(screenCase);
  });

  it('signed out: asks to sign in, and asks the server nothing about a twin', async () => {
    const server = open(screenCase, { fid: null });
    expect(await screen.findByText(screenCase.signIn)).toBeTruthy();
    expect(server.callsTo(screenCase.request)).toHaveLength(0);
    expectFrame(screenCase);
  });

  it('without a twin: says so, with the way to create one', async () => {
    const server = open(screenCase, { agents: noTwin() });
    expect(await screen.findByText(screenCase.noTwin)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your Fartwin' }).getAttribute('href')).toBe('/');
    expect(server.callsTo(screenCase.request)).toHaveLength(0);
    expectFrame(screenCase);
  });

  it("the twin's data cannot be read: says why, and Try again reads it again", async () => {
    let failures = 1;
    const server = open(screenCase, {
      data: () =>
        failures-- > 0 ? errorReply('The server is busy, try again', 503, 'unavailable') : json(screenCase.answer),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`${screenCase.loadFailed}The server is busy, try again`);
    expectFrame(screenCase);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screenCase.shown();
    expect(server.callsTo(screenCase.request)).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("the person's twins cannot be read: says why, and Try again reads them again", async () => {
    let failures = 1;
    const server = open(screenCase, {
      agents: () =>
        failures-- > 0 ? errorReply('The server is busy, try again', 503, 'unavailable') : json(withTwin()),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`${screenCase.loadFailed}The server is busy, try again`);
    expect(server.callsTo(screenCase.request)).toHaveLength(0);
    expectFrame(screenCase);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screenCase.shown();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("someone else's twin (the server refuses, 403): says it is its owner's screen, with nothing to retry", async () => {
    open(screenCase, {
      data: () => errorReply("Only the twin's owner can do this (signed in as fid 42)", 403, 'forbidden'),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      "Only this twin's owner can open this screen: Only the twin's owner can do this (signed in as fid 42)",
    );
    expect(within(alert).queryByRole('button')).toBeNull();
    expectFrame(screenCase);
  });
});
