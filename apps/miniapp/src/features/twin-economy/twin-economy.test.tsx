import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeServer, directory, json, makeAgent, noTwin, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';

const economy = (over: Record<string, unknown> = {}) => ({
  agentId: 'agent-1',
  feesEarnedUsdc: '2500000',
  batteriesBought: 3,
  runway: { kind: 'pays-itself', everyDays: 4 },
  payBatteryFromFees: true,
  ...over,
});

describe("the twin's economy under its header", () => {
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
});
