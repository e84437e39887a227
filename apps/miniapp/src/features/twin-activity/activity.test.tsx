import { type ActivityItem, type ActivityResponse, type Draft, ownerApprovalPaths } from '@fartwin/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Call,
  createFakeServer,
  directory,
  errorReply,
  json,
  makeAgent,
  noTwin,
  withTwin,
} from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, sdk, userContext } from '../../test/sdk-double.ts';

const ACTIVITY = '/doppelganger/activity/agent-1';
const AT = '2026-11-25T10:00:00.000000Z';
const draft: Draft = {
  key: 'post:agent-1:1795700000',
  kind: 'post',
  text: 'shipping a tiny escrow today',
  status: 'pending',
  parentHash: null,
  castHash: null,
  expiresAt: 1795786400,
};
const items: ActivityItem[] = [
  { type: 'draft', key: draft.key, at: AT, draft },
  {
    type: 'skip',
    key: 'thread-reply:agent-1:0xskipped',
    at: AT,
    kind: 'thread-reply',
    reason: 'paused',
    subject: '0xskipped',
    authorFid: 1004,
  },
  {
    type: 'writing',
    key: 'thread-reply:agent-1:0xparent',
    at: AT,
    kind: 'thread-reply',
    text: 'mostly escrow, on base',
    castHash: '0xreply',
    answered: { hash: '0xparent', text: 'what are you building?', username: 'dan' },
  },
];

/** /you/activity as the owner of agent-1, the activity answered with `page` (or by `answer`, per request). */
function openActivity(page: ActivityResponse | ((call: Call) => Response)) {
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', withTwin());
  server.on('GET /doppelganger/agents', directory([makeAgent()]));
  server.on(`GET ${ACTIVITY}`, typeof page === 'function' ? page : () => json(page));
  return renderApp({ path: '/you/activity', server });
}

describe('/you/activity: what the twin did, for its owner', () => {
  it('lists drafts, skips with why, and replies with the cast they answered; a cast opens in the client', async () => {
    const { server } = openActivity({ agentId: 'agent-1', view: 'owner', items, nextCursor: null });
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.dataset.activity)).toEqual(['draft', 'skip', 'writing']);
    expect(rows[1]!.textContent).toContain('Did not reply: paused');
    expect(rows[2]!.textContent).toContain('In reply to @dan: “what are you building?”');
    // Signed in as the owner: the request carries the token.
    expect(server.callsTo(`GET ${ACTIVITY}`)[0]?.headers.get('authorization')).toBe('Bearer test-token');
    sdk.actions.viewCast.mockClear();
    await userEvent.setup().click(within(rows[2]!).getByRole('button', { name: 'Open cast' }));
    await waitFor(() => expect(sdk.actions.viewCast).toHaveBeenCalledWith({ hash: '0xreply' }));
  });

  it('an older page that cannot be read says why, and what was read stays', async () => {
    const server = openActivity((call) =>
      call.path.includes('cursor=')
        ? errorReply('The server is busy, try again', 503, 'unavailable')
        : json({ agentId: 'agent-1', view: 'owner', items: [items[2]!], nextCursor: 'older' }),
    ).server;
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Show older' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load the activity: The server is busy, try again',
    );
    expect(server.callsTo(`GET ${ACTIVITY}`).map((call) => call.path)).toEqual([ACTIVITY, `${ACTIVITY}?cursor=older`]);
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((row) => row.dataset.key),
    ).toEqual([items[2]!.key]);
  });

  it('a draft edited then published sends the edit; discard discards', async () => {
    const { server } = openActivity({ agentId: 'agent-1', view: 'owner', items: [items[0]!], nextCursor: null });
    const publish = ownerApprovalPaths.publishDraft('agent-1', draft.key);
    const discard = ownerApprovalPaths.discardDraft('agent-1', draft.key);
    server.on(`POST ${publish}`, () => json({ draft: { ...draft, status: 'published', castHash: '0xnew' } }));
    server.on(`POST ${discard}`, () => json({ draft: { ...draft, status: 'discarded' } }));
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Edit the draft' });
    await user.clear(box);
    await user.type(box, 'shipping escrow v2 today');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(server.callsTo(`POST ${publish}`)).toHaveLength(1));
    expect(server.callsTo(`POST ${publish}`)[0]?.body).toEqual({ text: 'shipping escrow v2 today' });
    expect(server.callsTo(`POST ${publish}`)[0]?.headers.get('authorization')).toBe('Bearer test-token');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(server.callsTo(`POST ${discard}`)).toHaveLength(1));
  });

  it('a draft longer than a cast cannot be published, and says why', async () => {
    openActivity({ agentId: 'agent-1', view: 'owner', items: [items[0]!], nextCursor: null });
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Edit the draft' });
    await user.clear(box);
    await user.click(box);
    await user.paste('x'.repeat(321));
    expect((await screen.findByRole('alert')).textContent).toBe('At most 320 bytes, as a cast.');
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

/** A reply the twin cast, told apart by its text. */
const reply = (text: string): ActivityItem => ({
  type: 'writing',
  key: `thread-reply:agent-1:${text}`,
  at: AT,
  kind: 'thread-reply',
  text,
  castHash: null,
  answered: null,
});

/**
 * The server's activity as it grows: `newest` is the first page (older items are on a second page,
 * behind the cursor "older"), and the test adds to it as the twin acts.
 */
function growingActivity() {
  const newest: ActivityItem[] = [reply('first reply')];
  const older: ActivityItem[] = [reply('an older reply')];
  const server = openActivity((call) =>
    json(
      call.path.includes('cursor=older')
        ? { agentId: 'agent-1', view: 'owner', items: older, nextCursor: null }
        : { agentId: 'agent-1', view: 'owner', items: newest, nextCursor: 'older' },
    ),
  ).server;
  const shown = () =>
    within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((row) => row.querySelector('.activity__text')?.textContent);
  return { newest, server, shown, reads: () => server.callsTo(`GET ${ACTIVITY}`).length };
}

/** The page as the browser says it is in sight or not (document.visibilityState), and the event it sends. */
function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

describe('/you/activity shows what the twin does while it is open', () => {
  afterEach(() => {
    delete (document as { visibilityState?: unknown }).visibilityState;
  });

  it('Refresh shows what the twin did since, and keeps the older pages it loaded', async () => {
    const { newest, shown } = growingActivity();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(shown()).toEqual(['first reply', 'an older reply']));
    newest.unshift(reply('a new reply'));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(shown()).toEqual(['a new reply', 'first reply', 'an older reply']));
  });

  it('reads it again when the page is back in sight', async () => {
    const { newest, shown, reads } = growingActivity();
    await screen.findByText('first reply');
    newest.unshift(reply('a new reply'));
    setVisibility('hidden');
    setVisibility('visible');
    await waitFor(() => expect(shown()).toEqual(['a new reply', 'first reply']));
    expect(reads()).toBe(2);
  });

  it('reads it again every 30 s while the page is in sight, and not while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { newest, shown, reads } = growingActivity();
    await screen.findByText('first reply');
    newest.unshift(reply('a new reply'));
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(shown()).toEqual(['a new reply', 'first reply']));
    expect(reads()).toBe(2);

    // Hidden, 30 s go by without a read; back in sight, it is read at once, and that is the only read.
    setVisibility('hidden');
    newest.unshift(reply('a reply while hidden'));
    await vi.advanceTimersByTimeAsync(30_000);
    setVisibility('visible');
    await waitFor(() => expect(shown()).toEqual(['a reply while hidden', 'a new reply', 'first reply']));
    expect(reads()).toBe(3);
  });
});

describe("the twin's page, for its owner", () => {
  function openAgentPage(fid: number, paused: boolean) {
    host.context = Promise.resolve(userContext(fid));
    const server = createFakeServer();
    server.on(`GET /doppelganger/agents/${fid}`, fid === 42 ? withTwin() : noTwin());
    server.on('GET /doppelganger/agents', directory([makeAgent()]));
    server.on('GET /doppelganger/controls/agent-1', () =>
      json({ agentId: 'agent-1', controls: { paused, askFirst: { posts: false, replies: false } } }),
    );
    return renderApp({ path: '/agent/agent-1', server });
  }

  it('paused: a short note in the chat, and the way to the Activity screen', async () => {
    openAgentPage(42, true);
    const note = await screen.findByRole('note', { name: 'Paused' });
    expect(note.textContent).toContain('This chat still works.');
    expect(screen.getByRole('link', { name: 'Activity: what your twin did' }).getAttribute('href')).toBe(
      '/you/activity',
    );
  });

  it("not paused: no note; someone else's twin: neither", async () => {
    openAgentPage(42, false);
    await screen.findByRole('link', { name: 'Activity: what your twin did' });
    expect(screen.queryByRole('note', { name: 'Paused' })).toBeNull();
  });

  it("someone else's twin: no note and no Activity link", async () => {
    const { server } = openAgentPage(77, true);
    await waitFor(() => expect(server.callsTo('GET /doppelganger/agents/77').length).toBeGreaterThan(0));
    await screen.findByRole('textbox');
    expect(screen.queryByRole('link', { name: 'Activity: what your twin did' })).toBeNull();
    expect(server.callsTo('GET /doppelganger/controls/agent-1')).toHaveLength(0);
  });
});
