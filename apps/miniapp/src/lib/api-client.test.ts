import { agentsResponseSchema } from '@fartwin/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer, directory, json, makeAgent } from '../test/fake-server.ts';
import { ApiError, apiJson, MALFORMED_ANSWER } from './api-client.ts';

describe("the API client's check of the server's answers", () => {
  it('gives a well-formed answer as the schema reads it', async () => {
    const server = createFakeServer();
    server.on('GET /doppelganger/agents', directory([makeAgent()]));
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    const answer = await apiJson('/doppelganger/agents', agentsResponseSchema);
    expect(answer.agents[0]?.agentWallet.walletAddress).toBe('0x4444444444444444444444444444444444444444');
  });

  it('refuses a malformed answer with an ApiError naming the field that is wrong', async () => {
    const server = createFakeServer();
    const { name: _name, ...nameless } = makeAgent();
    server.on('GET /doppelganger/agents', () => json({ agents: [{ ...nameless, name: 42 }], nextCursor: null }));
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    const failure = await apiJson('/doppelganger/agents', agentsResponseSchema).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe(MALFORMED_ANSWER);
    expect((failure as ApiError).message).toBe(
      "The server's answer to /doppelganger/agents could not be read: agents.0.name (invalid_type)",
    );
  });
});
