import {
  type AgentActions,
  type AgentActionsResponse,
  OWNER_CONTROL_DEFAULTS,
  type OwnerControls,
  type OwnerControlsUpdate,
} from '@fartwin/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeServer, directory, errorReply, json, makeAgent, noTwin, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, sdk, userContext } from '../../test/sdk-double.ts';

const ACTIONS = '/doppelganger/actions/agent-1';
const CONTROLS = '/doppelganger/controls/agent-1';
const DEFAULTS: AgentActions = {
  replyOnFarcaster: true,
  replyToDirectMessages: true,
  contentWriter: false,
  notifications: false,
};
/** The four switches' labels and texts, to the letter. */
const SPEC_ROWS = [
  ['Reply on farcaster', 'Every time it is tagged the agent will reply.'],
  ['Reply to DCs', 'Active on the warpcast direct messages.'],
  ['Content Writer', 'Publish two pieces of content every day, at random moments.'],
  ['Notifications', 'Notifies you twice every day.'],
] as const;

type FakeServer = ReturnType<typeof createFakeServer>;

/**
 * The server's agent actions for agent-1, kept like the real one keeps them: GET answers the saved
 * switches, PATCH changes them (unless `patch` answers otherwise).
 */
function savedActions(
  server: FakeServer,
  initial: Partial<AgentActions> = {},
  options: { directMessages?: { available: boolean; note?: string } } = {},
) {
  const store = { actions: { ...DEFAULTS, ...initial } };
  const answer = (): AgentActionsResponse => ({
    agentId: 'agent-1',
    actions: { ...store.actions },
    directMessagesAvailable: options.directMessages?.available ?? true,
    ...(options.directMessages?.note ? { directMessagesNote: options.directMessages.note } : {}),
  });
  server.on(`GET ${ACTIONS}`, () => json(answer()));
  server.on(`PATCH ${ACTIONS}`, (call: { body: Partial<AgentActions> }) => {
    store.actions = { ...store.actions, ...call.body };
    return json(answer());
  });
  // Pause and "ask me first", kept the same way.
  const controls: OwnerControls = structuredClone(OWNER_CONTROL_DEFAULTS);
  server.on(`GET ${CONTROLS}`, () => json({ agentId: 'agent-1', controls }));
  server.on(`PATCH ${CONTROLS}`, (call: { body: OwnerControlsUpdate }) => {
    if (call.body.paused !== undefined) controls.paused = call.body.paused;
    Object.assign(controls.askFirst, call.body.askFirst ?? {});
    return json({ agentId: 'agent-1', controls });
  });
  return { store, answer, controls };
}

function openInfo(configure: (server: FakeServer) => void, agents = withTwin()) {
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', agents);
  configure(server);
  return renderApp({ path: '/info', server });
}

const toggle = (label: string) => screen.getByRole('switch', { name: new RegExp(label) }) as HTMLInputElement;
const findToggle = async (label: string) =>
  (await screen.findByRole('switch', { name: new RegExp(label) })) as HTMLInputElement;
const rowOf = (label: string) => toggle(label).closest('li')!;
const checkedStates = () => SPEC_ROWS.map(([label]) => toggle(label).checked);

describe('/info: the twin\'s "Agent Actions", saved on the server', () => {
  it("shows a small loading state, then the twin's saved switches with their title, labels and texts", async () => {
    // Set once the page has asked for the actions (it first looks up the user's twin).
    let release: (() => void) | null = null;
    openInfo((server) => {
      const { answer } = savedActions(server, { replyOnFarcaster: false, contentWriter: true });
      server.on(`GET ${ACTIONS}`, () => new Promise<Response>((resolve) => (release = () => resolve(json(answer())))));
    });
    expect(await screen.findByRole('heading', { name: 'Agent Actions' })).toBeTruthy();
    expect((await screen.findByText('Loading your twin’s actions…')).getAttribute('role')).toBe('status');
    expect(screen.queryAllByRole('switch')).toHaveLength(0);

    await waitFor(() => expect(release).not.toBeNull());
    release!();
    await findToggle('Reply on farcaster');
    expect(screen.queryByRole('status')).toBeNull();
    SPEC_ROWS.forEach(([label, text], index) => {
      const row = screen.getAllByRole('listitem')[index]!;
      expect(within(row).getByText(label)).toBeTruthy();
      expect(within(row).getByText(text)).toBeTruthy();
      expect(toggle(label).disabled).toBe(false);
    });
    expect(checkedStates()).toEqual([false, true, true, false]);
  });

  it('a flip saves at once (PATCH with the sign-in token), shows "Saving…" on that switch, and a reload shows it', async () => {
    const release: (() => void)[] = [];
    let server!: FakeServer;
    const view = openInfo((fake) => {
      server = fake;
      const saved = savedActions(fake);
      const patch = `PATCH ${ACTIONS}`;
      const save = (call: { body: Partial<AgentActions> }) => {
        saved.store.actions = { ...saved.store.actions, ...call.body };
        return json(saved.answer());
      };
      fake.on(
        patch,
        (call: { body: Partial<AgentActions> }) =>
          new Promise<Response>((resolve) => release.push(() => resolve(save(call)))),
      );
    });
    const user = userEvent.setup();
    await user.click(await findToggle('Content Writer'));

    // Saving: the new position, busy and not clickable again, "Saving…" in that row only.
    expect(toggle('Content Writer').checked).toBe(true);
    expect(toggle('Content Writer').disabled).toBe(true);
    expect(within(rowOf('Content Writer')).getByRole('status').textContent).toBe('Saving…');
    expect(within(rowOf('Notifications')).queryByRole('status')).toBeNull();
    expect(toggle('Notifications').disabled).toBe(false);
    await waitFor(() => expect(release).toHaveLength(1));
    const [call] = server.callsTo(`PATCH ${ACTIONS}`);
    expect(call?.body).toEqual({ contentWriter: true });
    expect(call?.headers.get('authorization')).toBe('Bearer test-token');

    release.shift()!();
    await waitFor(() => expect(within(rowOf('Content Writer')).queryByRole('status')).toBeNull());
    expect(toggle('Content Writer').checked).toBe(true);
    expect(toggle('Content Writer').disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();

    // A reload reads what the server saved.
    view.unmount();
    renderApp({ path: '/info', server });
    await findToggle('Content Writer');
    expect(checkedStates()).toEqual([true, true, true, false]);
  });

  it('two switches saved at once both keep their saved position, whichever answer comes last', async () => {
    const release: (() => void)[] = [];
    openInfo((server) => {
      const saved = savedActions(server);
      server.on(`PATCH ${ACTIONS}`, (call: { body: Partial<AgentActions> }) => {
        saved.store.actions = { ...saved.store.actions, ...call.body };
        const answer = json(saved.answer());
        return new Promise<Response>((resolve) => release.push(() => resolve(answer)));
      });
    });
    const user = userEvent.setup();
    await user.click(await findToggle('Content Writer'));
    await user.click(toggle('Notifications'));
    expect(screen.getAllByRole('status')).toHaveLength(2);
    // The second answer (both on) first, then the first one (written before the second change).
    await waitFor(() => expect(release).toHaveLength(2));
    release[1]!();
    release[0]!();
    await waitFor(() => expect(screen.queryAllByRole('status')).toHaveLength(0));
    expect(checkedStates()).toEqual([true, true, true, true]);
  });

  it("a failed save goes back and shows the server's error", async () => {
    openInfo((server) => {
      savedActions(server);
      server.on(`PATCH ${ACTIONS}`, () => errorReply("Only the twin's owner can change its actions", 403, 'forbidden'));
    });
    const user = userEvent.setup();
    await user.click(await findToggle('Reply on farcaster'));
    const alert = await within(rowOf('Reply on farcaster')).findByRole('alert');
    expect(alert.textContent).toBe("Not saved: Only the twin's owner can change its actions");
    expect(toggle('Reply on farcaster').checked).toBe(true);
    expect(toggle('Reply on farcaster').disabled).toBe(false);
    expect(checkedStates()).toEqual([true, true, false, false]);
  });

  it('a save that never reaches the server goes back and says so', async () => {
    openInfo((server) => {
      savedActions(server);
      server.on(`PATCH ${ACTIONS}`, () => Promise.reject(new TypeError('Failed to fetch')));
    });
    const user = userEvent.setup();
    await user.click(await findToggle('Notifications'));
    const alert = await within(rowOf('Notifications')).findByRole('alert');
    expect(alert.textContent).toBe('Not saved: Could not reach the server. Check your connection and try again.');
    expect(toggle('Notifications').checked).toBe(false);
  });

  it('without a twin: the defaults, switched off from use, one line why and a way to create one', async () => {
    const { server } = openInfo(() => {}, noTwin());
    expect(
      await screen.findByText("You don't have a Fartwin yet. These actions are for your twin, once you create one."),
    ).toBeTruthy();
    expect(checkedStates()).toEqual([true, true, false, false]);
    for (const [label] of SPEC_ROWS) expect(toggle(label).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Create your Fartwin' }).getAttribute('href')).toBe('/');
    await userEvent.setup().click(toggle('Content Writer'));
    expect(toggle('Content Writer').checked).toBe(false);
    expect(server.calls.filter((call) => call.path.startsWith('/doppelganger/actions'))).toHaveLength(0);
  });

  it('outside a Farcaster client: the defaults, switched off from use, and why', async () => {
    const server = createFakeServer();
    renderApp({ path: '/info', server });
    // Web mode: nobody is signed in yet, and signing in with a wallet is the way.
    expect(await screen.findByText('Sign in with your wallet to change what your twin does.')).toBeTruthy();
    for (const [label] of SPEC_ROWS) expect(toggle(label).disabled).toBe(true);
    expect(server.calls).toHaveLength(0);
  });

  it('a twin whose actions cannot be read says why and can try again', async () => {
    let fail = true;
    openInfo((server) => {
      const saved = savedActions(server);
      server.on(`GET ${ACTIONS}`, () =>
        fail ? errorReply('Database unavailable', 503, 'unavailable') : json(saved.answer()),
      );
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your twin’s actions: Database unavailable');
    expect(screen.queryAllByRole('switch')).toHaveLength(0);
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await findToggle('Reply on farcaster')).checked).toBe(true);
  });

  it('"Reply to DCs" says when this server cannot answer direct messages', async () => {
    const note = 'Direct messages are not available on this server.';
    openInfo((server) => savedActions(server, {}, { directMessages: { available: false, note } }));
    await findToggle('Reply to DCs');
    expect(within(rowOf('Reply to DCs')).getByText(note)).toBeTruthy();
    expect(within(rowOf('Reply on farcaster')).queryByText(note)).toBeNull();
    expect(toggle('Reply to DCs').disabled).toBe(false);
  });

  it('"Reply to DCs" has no note where direct messages work', async () => {
    openInfo((server) => savedActions(server));
    await findToggle('Reply to DCs');
    expect(rowOf('Reply to DCs').querySelector('.toggle__note')).toBeNull();
  });
});

describe('/info: Pause and "Ask me first" around the four switches; Notifications asks the client to add the app', () => {
  const switchNames = () => screen.getAllByRole('switch').map((item) => item.closest('li')!.dataset.action);

  it('Pause comes above the four switches, "Ask me first" below; each saves as the owner', async () => {
    let saved: ReturnType<typeof savedActions> | null = null;
    const { server } = openInfo((fake) => {
      saved = savedActions(fake);
    });
    await findToggle('Pause');
    expect(switchNames()).toEqual([
      'paused',
      'replyOnFarcaster',
      'replyToDirectMessages',
      'contentWriter',
      'notifications',
      'ask-first-posts',
      'ask-first-replies',
    ]);
    // The four rows keep their texts and defaults.
    expect(checkedStates()).toEqual([true, true, false, false]);
    const user = userEvent.setup();
    await user.click(toggle('Pause'));
    await user.click(toggle('Ask me first: posts'));
    await waitFor(() => expect(server.callsTo(`PATCH ${CONTROLS}`)).toHaveLength(2));
    expect(server.callsTo(`PATCH ${CONTROLS}`).map((call) => call.body)).toEqual([
      { paused: true },
      { askFirst: { posts: true } },
    ]);
    expect(server.callsTo(`PATCH ${CONTROLS}`)[0]?.headers.get('authorization')).toBe('Bearer test-token');
    await waitFor(() => expect(toggle('Ask me first: posts').disabled).toBe(false));
    expect(toggle('Pause').checked).toBe(true);
    expect(toggle('Ask me first: posts').checked).toBe(true);
    expect(toggle('Ask me first: thread replies').checked).toBe(false);
    expect(saved!.controls).toEqual({ paused: true, askFirst: { posts: true, replies: false } });
  });

  it('Notifications on, in a client where the app is not added: asks to add it, then saves', async () => {
    sdk.actions.addMiniApp.mockClear();
    const { server } = openInfo((fake) => savedActions(fake));
    await userEvent.setup().click(await findToggle('Notifications'));
    await waitFor(() => expect(server.callsTo(`PATCH ${ACTIONS}`)).toHaveLength(1));
    expect(sdk.actions.addMiniApp).toHaveBeenCalledTimes(1);
    expect(server.callsTo(`PATCH ${ACTIONS}`)[0]?.body).toEqual({ notifications: true });
  });

  it('already added with notifications: nothing to ask', async () => {
    sdk.actions.addMiniApp.mockClear();
    const context = userContext(42);
    context.client.added = true;
    context.client.notificationDetails = { url: 'https://client.example/notify', token: 'notify-token' };
    const { server } = openInfo((fake) => savedActions(fake));
    host.context = Promise.resolve(context);
    await userEvent.setup().click(await findToggle('Notifications'));
    await waitFor(() => expect(server.callsTo(`PATCH ${ACTIONS}`)).toHaveLength(1));
    expect(sdk.actions.addMiniApp).not.toHaveBeenCalled();
  });

  it('the person declines to add the app: a clear message, and the switch stays off', async () => {
    sdk.actions.addMiniApp.mockClear();
    sdk.actions.addMiniApp.mockImplementationOnce(async () => {
      const error = new Error('rejected');
      error.name = 'AddMiniApp.RejectedByUser';
      throw error;
    });
    const { server } = openInfo((fake) => savedActions(fake));
    await userEvent.setup().click(await findToggle('Notifications'));
    const alert = await within(rowOf('Notifications')).findByRole('alert');
    expect(alert.textContent).toBe(
      'Not saved: You did not add the app, so your twin cannot notify you. Turn it on again to add it.',
    );
    expect(toggle('Notifications').checked).toBe(false);
    expect(server.callsTo(`PATCH ${ACTIONS}`)).toHaveLength(0);
  });
});

describe('/agent/{agentId}: what the twin does', () => {
  function openAgentPage(configure: (server: FakeServer) => void) {
    host.context = Promise.resolve(userContext(77));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/77', noTwin());
    server.on('GET /doppelganger/agents', directory([makeAgent()]));
    configure(server);
    return renderApp({ path: '/agent/agent-1', server });
  }

  it('shows one read-only line of the switches that are on', async () => {
    openAgentPage((server) =>
      savedActions(server, { replyToDirectMessages: false, contentWriter: true, notifications: true }),
    );
    const summary = await screen.findByRole('note', { name: 'What this twin does' });
    expect(summary.textContent).toBe('Replies when tagged · Posts twice a day · Notifies its owner');
    expect(screen.queryAllByRole('switch')).toHaveLength(0);
  });

  it('leaves out direct messages where the server cannot answer them', async () => {
    openAgentPage((server) => savedActions(server, {}, { directMessages: { available: false } }));
    const summary = await screen.findByRole('note', { name: 'What this twin does' });
    expect(summary.textContent).toBe('Replies when tagged');
  });
});
