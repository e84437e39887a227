import type { Reviver } from '@fartwin/protocol';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, directory, json, makeAgent, noTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';

const COUNSEL = '0x1111111111111111111111111111111111111111';
const reviver = (index: number, over: Partial<Reviver> = {}): Reviver => ({
  fid: 7,
  username: 'counsel-dao',
  address: COUNSEL,
  revivedAt: 1_900_000_000 - index,
  txHash: `0x${index.toString(16).padStart(64, '0')}`,
  ...over,
});

describe("the twin's page: who revived it", () => {
  it('names a person who revived it four times once, with ×4, beside the others', async () => {
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', noTwin());
    server.on('GET /doppelganger/agents', directory([makeAgent()]));
    server.on('GET /doppelganger/revivers/agent-1', () =>
      json({
        agentId: 'agent-1',
        revivers: [
          reviver(1),
          reviver(2),
          reviver(3, { fid: null, username: null, address: '0xAbCd00000000000000000000000000000000Ef12' }),
          reviver(4),
          reviver(5),
        ],
      }),
    );
    renderApp({ server, path: '/agent/agent-1' });
    expect((await screen.findByTestId('revived-by')).textContent).toBe('Revived by @counsel-dao ×4, 0xAbCd…Ef12');
  });
});
