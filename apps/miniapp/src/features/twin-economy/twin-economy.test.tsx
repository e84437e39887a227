import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetHostCapabilities } from '../../platform/native/index.ts';
import { createFakeServer, directory, json, makeAgent, noTwin, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { ALL_CAPABILITIES, host, sdk, userContext } from '../../test/sdk-double.ts';

const economy = (over: Record<string, unknown> = {}) => ({
  agentId: 'agent-1',
  feesEarnedUsdc: '2500000',
  batteriesBought: 3,
  runway: { kind: 'pays-itself', everyDays: 4 },
  payBatteryFromFees: true,
  ...over,
});

describe("the twin's economy under its header", () => {
  beforeEach(() => {
    forgetHostCapabilities();
    host.capabilities = [...ALL_CAPABILITIES];
  });

  it('shows anyone the fees earned, the batteries it bought and its runway, without the owner switch', async () => {
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', noTwin());
    server.on('GET /doppelganger/agents', directory([makeAgent()]));
    server.on('GET /doppelganger/economy/agent-1', () => json(economy()));
    renderApp({ server, path: '/agent/agent-1' });
    const section = within(await screen.findByTestId('twin-economy'));
    expect(section.getByTestId('fees-earned').textContent).toBe('$2.5');
    expect(section.getByTestId('batteries-bought').textContent).toBe('3');
    expect(section.getByTestId('runway').textContent).toBe(
      'pays its own battery at the current volume: about every 4 days',
    );
    expect(section.queryByRole('checkbox')).toBeNull();
  });

  it('gives the owner the switch, saved with PATCH, and says when fees do not cover a battery yet', async () => {
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    let saved = true;
    server.on('GET /doppelganger/agents/42', withTwin(makeAgent()));
    server.on('GET /doppelganger/economy/agent-1', () =>
      json(economy({ runway: { kind: 'not-yet' }, payBatteryFromFees: saved })),
    );
    server.on('PATCH /doppelganger/economy/agent-1/pay-battery', (call: { body: unknown }) => {
      saved = (call.body as { on: boolean }).on;
      return json({ agentId: 'agent-1', payBatteryFromFees: saved });
    });
    renderApp({ server });
    const section = within(await screen.findByTestId('twin-economy'));
    expect(section.getByTestId('runway').textContent).toBe('fees do not cover a battery yet');
    const toggle = await section.findByRole('checkbox', { name: "Pay my battery from my token's fees" });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.click(toggle);
    await waitFor(() => expect(saved).toBe(false));
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
  });

  it("the person's own swap shows in the fees at once, without waiting for the next poll", async () => {
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    let earned = '0';
    server.on('GET /doppelganger/agents/42', noTwin());
    server.on('GET /doppelganger/agents', directory([makeAgent()]));
    server.on('GET /doppelganger/economy/agent-1', () => json(economy({ feesEarnedUsdc: earned })));
    sdk.actions.swapToken.mockImplementationOnce(async () => {
      earned = '2500000';
      return { swap: { transactions: ['0xabc'] } } as never;
    });
    renderApp({ server, path: '/agent/agent-1' });
    const section = within(await screen.findByTestId('twin-economy'));
    expect(section.getByTestId('fees-earned').textContent).toBe('$0');
    await userEvent.click(await screen.findByRole('button', { name: 'Buy $ALICE' }));
    await waitFor(() => expect(section.getByTestId('fees-earned').textContent).toBe('$2.5'));
    expect(server.callsTo('GET /doppelganger/economy/agent-1')).toHaveLength(2);
  });

  it('holds its two lines while they load, so nothing under the header moves when they come', async () => {
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    let answer: (reply: Response) => void = () => {};
    server.on('GET /doppelganger/agents/42', noTwin());
    server.on('GET /doppelganger/agents', directory([makeAgent()]));
    server.on('GET /doppelganger/economy/agent-1', () => new Promise<Response>((resolve) => (answer = resolve)));
    const { container } = renderApp({ server, path: '/agent/agent-1' });
    await waitFor(() => expect(server.callsTo('GET /doppelganger/economy/agent-1')).toHaveLength(1));
    const held = container.querySelector('.twin-economy[aria-hidden="true"]');
    expect(held?.querySelectorAll('p')).toHaveLength(2);
    answer(json(economy()));
    const section = within(await screen.findByTestId('twin-economy'));
    expect(section.getByTestId('fees-earned').textContent).toBe('$2.5');
    expect(container.querySelector('.twin-economy[aria-hidden="true"]')).toBeNull();
  });
});
