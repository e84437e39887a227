import type { ActivityItem, OwnerExample } from '@fartwin/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeServer, directory, errorReply, json, makeAgent, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';
import { activityTexts } from '../twin-activity/texts.ts';
import { ownerExampleTexts } from './texts.ts';

const EXAMPLES = '/doppelganger/examples/agent-1';
const reply: ActivityItem = {
  type: 'writing',
  key: 'thread-reply:agent-1:0xparent',
  at: '2026-11-25T10:00:00.000000Z',
  kind: 'thread-reply',
  text: 'mostly escrow, on base',
  castHash: '0xreply',
  answered: { hash: '0xparent', text: 'what are you building?', username: 'dan' },
  policy: ['link-removed'],
};
const post: ActivityItem = {
  type: 'writing',
  key: 'post:agent-1:1',
  at: '2026-11-25T09:00:00.000000Z',
  kind: 'post',
  text: 'gm',
  castHash: '0xpost',
  answered: null,
};

function open(path: string, examples: OwnerExample[] = []) {
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', withTwin());
  server.on('GET /doppelganger/agents', directory([makeAgent()]));
  server.on('GET /doppelganger/activity/agent-1', () =>
    json({ agentId: 'agent-1', view: 'owner', items: [reply, post], nextCursor: null }),
  );
  server.on(`GET ${EXAMPLES}`, () => json({ agentId: 'agent-1', examples }));
  return { ...renderApp({ path, server }), server };
}

describe('the owner teaches by example', () => {
  it('rewrites a reply on Activity: sent with its key, said saved; a post has nothing to rewrite', async () => {
    const { server } = open('/you/activity');
    const saved: OwnerExample = {
      id: '1',
      writingKey: reply.key,
      message: 'what are you building?',
      answer: 'a tiny escrow, milestone by milestone',
      createdAt: '2026-11-25T11:00:00.000Z',
    };
    server.on(`POST ${EXAMPLES}`, () => json({ agentId: 'agent-1', example: saved }));
    const list = await screen.findByRole('list');
    const [replyRow, postRow] = within(list).getAllByRole('listitem');
    // What the policy changed is said with the reply.
    expect(within(replyRow!).getByText(activityTexts.policy(['link-removed']))).toBeTruthy();
    expect(within(postRow!).queryByRole('button', { name: ownerExampleTexts.rewrite })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(replyRow!).getByRole('button', { name: ownerExampleTexts.rewrite }));
    const box = within(replyRow!).getByLabelText(ownerExampleTexts.rewriteLabel);
    expect((box as HTMLTextAreaElement).value).toBe(reply.text);
    await user.clear(box);
    await user.type(box, `  ${saved.answer} `);
    await user.click(within(replyRow!).getByRole('button', { name: ownerExampleTexts.save }));
    expect(await within(replyRow!).findByText(ownerExampleTexts.saved)).toBeTruthy();
    expect(server.callsTo(`POST ${EXAMPLES}`).map((call) => call.body)).toEqual([
      { writingKey: reply.key, answer: saved.answer },
    ]);
  });

  it('says why a rewrite was not saved, and keeps what the owner wrote', async () => {
    const { server } = open('/you/activity');
    server.on(`POST ${EXAMPLES}`, () => errorReply('Your twin keeps at most 100 rewrites', 409, 'too_many_examples'));
    const list = await screen.findByRole('list');
    const replyRow = within(list).getAllByRole('listitem')[0]!;
    const user = userEvent.setup();
    await user.click(within(replyRow).getByRole('button', { name: ownerExampleTexts.rewrite }));
    const box = within(replyRow).getByLabelText(ownerExampleTexts.rewriteLabel);
    await user.type(box, ' and more');
    await user.click(within(replyRow).getByRole('button', { name: ownerExampleTexts.save }));
    expect(
      await within(replyRow).findByText(ownerExampleTexts.failed('Your twin keeps at most 100 rewrites')),
    ).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe(`${reply.text} and more`);
  });

  it('lists the rewrites on "Your twin", each deletable', async () => {
    const examples: OwnerExample[] = [
      { id: '2', writingKey: 'k2', message: 'gm?', answer: 'gm gm', createdAt: '2026-11-25T11:00:00.000Z' },
      {
        id: '1',
        writingKey: 'k1',
        message: 'what are you building?',
        answer: 'escrow',
        createdAt: '2026-11-24T11:00:00.000Z',
      },
    ];
    const { server } = open('/you', examples);
    const characteristics = Array.from({ length: 8 }, (_, index) => ({
      name: `Axis ${index}`,
      description: `Question ${index}?`,
      options: [{ value: `A${index}` }, { value: `B${index}` }],
    }));
    server.on('GET /doppelganger/voice/agent-1', () =>
      json({
        agentId: 'agent-1',
        version: 1,
        voice: {
          choices: characteristics.map((axis) => axis.options[0]!.value),
          aboutMe: '',
          avoidTopics: [],
          phrases: [],
        },
        characteristics,
        castsKnown: 40,
        learnedAt: null,
      }),
    );
    server.on('GET /doppelganger/voice/agent-1/versions', () => json({ agentId: 'agent-1', versions: [] }));
    server.on(`DELETE ${EXAMPLES}/1`, () => {
      examples.pop();
      return json({ agentId: 'agent-1', deleted: true });
    });
    const section = await screen.findByRole('region', { name: ownerExampleTexts.title });
    const rows = await within(section).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      `${ownerExampleTexts.when('gm?')}gm gm${ownerExampleTexts.delete}`,
      `${ownerExampleTexts.when('what are you building?')}escrow${ownerExampleTexts.delete}`,
    ]);
    const user = userEvent.setup();
    await user.click(within(rows[1]!).getByRole('button', { name: ownerExampleTexts.delete }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(server.callsTo(`DELETE ${EXAMPLES}/1`)).toHaveLength(1);
    expect(server.callsTo(`GET ${EXAMPLES}`)[0]?.headers.get('authorization')).toBe('Bearer test-token');
  });
});
