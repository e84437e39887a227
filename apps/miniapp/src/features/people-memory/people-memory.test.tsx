import type { PeopleMemoryResponse } from '@fartwin/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorReply, json, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';

const MEMORY = '/doppelganger/people-memory/agent-1';
const at = '2026-11-25T10:00:00.000Z';

/** The server's memory of agent-1, kept like the real one: GET lists it, DELETE forgets one person or all. */
function rememberedPeople(server: ReturnType<typeof createFakeServer>) {
  let people: PeopleMemoryResponse['people'] = [
    {
      fid: 7,
      username: 'dan',
      exchanges: [{ channel: 'thread', said: 'my starter zorblax keeps dying', topics: ['starter', 'zorblax'], at }],
    },
    { fid: 8, username: null, exchanges: [{ channel: 'dm', said: 'gm', topics: [], at }] },
  ];
  server.on(`GET ${MEMORY}`, () => json({ agentId: 'agent-1', people } satisfies PeopleMemoryResponse));
  server.on(`DELETE ${MEMORY}/7`, () => {
    people = people.filter((person) => person.fid !== 7);
    return json({ agentId: 'agent-1', cleared: 1 });
  });
  server.on(`DELETE ${MEMORY}`, () => {
    people = [];
    return json({ agentId: 'agent-1', cleared: 1 });
  });
}

function openPeople(configure: (server: ReturnType<typeof createFakeServer>) => void) {
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', () => json(withTwin()));
  configure(server);
  renderApp({ path: '/you/people', server });
  return server;
}

describe('/you/people: what the twin remembers of people, seen and cleared by its owner', () => {
  it('lists each person with their topics and snippets (signed in), and forgets one, then everyone', async () => {
    const server = openPeople(rememberedPeople);
    const dan = await screen.findByRole('listitem', { name: '@dan' });
    expect(within(dan).getByText('Talked about: starter, zorblax')).toBeTruthy();
    expect(within(dan).getByText(/my starter zorblax keeps dying/)).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'fid 8' })).toBeTruthy();
    expect(server.callsTo(`GET ${MEMORY}`)[0]?.headers.get('authorization')).toBe('Bearer test-token');

    const user = userEvent.setup();
    await user.click(within(dan).getByRole('button', { name: 'Forget @dan' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '@dan' })).toBeNull());
    expect(server.callsTo(`DELETE ${MEMORY}/7`)[0]?.headers.get('authorization')).toBe('Bearer test-token');
    expect(screen.getByRole('listitem', { name: 'fid 8' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Forget everyone' }));
    expect(await screen.findByText('Your twin does not remember anyone yet.')).toBeTruthy();
  });

  it('says why when the server refuses, and keeps what it shows', async () => {
    openPeople((server) => {
      rememberedPeople(server);
      server.on(`DELETE ${MEMORY}/7`, () => errorReply('Too many changes, try again in a minute', 429, 'rate_limited'));
    });
    const dan = await screen.findByRole('listitem', { name: '@dan' });
    await userEvent.setup().click(within(dan).getByRole('button', { name: 'Forget @dan' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not forgotten: Too many changes, try again in a minute',
    );
    expect(screen.getByRole('listitem', { name: '@dan' })).toBeTruthy();
  });
});
