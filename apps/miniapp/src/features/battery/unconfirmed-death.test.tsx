import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { strings } from '../../lib/strings.ts';
import { createFakeServer, makeAgent, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';

const CHAT = 'POST /doppelganger/chat-with-fartwin/agent-1';

// A death the server reports is confirmed on the chain before the battery reads as
// dead; when the chain cannot be read, it is unknown, and no payment is offered for it.
describe('a death the chain cannot confirm', () => {
  it('reads as unknown with a sentence, not as dead: no 00:00:00:00, no helper, no payment', async () => {
    host.chain.state.failLifeReads = true;
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', withTwin(makeAgent({}, Math.floor(Date.now() / 1000) - 60)));
    server.on(CHAT, { message: 'still here', engine: 'llm' });
    renderApp({ server });

    expect(await screen.findByRole('status', { name: strings.batteryUnknown }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText(strings.batteryUnreadable)).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toBe('--:--:--:--');
    expect(screen.queryByRole('meter', { name: strings.batteryLabel })).toBeNull();

    // Not dead for the app: the message goes to the server, and the helper does not ask for a payment.
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Type your message...'), 'hello{Enter}');
    expect(await screen.findByText('still here')).toBeTruthy();
    await waitFor(() => expect(server.callsTo(CHAT)).toHaveLength(1));
    expect(screen.queryByText(strings.deadTwin)).toBeNull();
    expect(screen.queryByRole('button', { name: strings.allowButton })).toBeNull();
    expect(screen.queryByRole('button', { name: strings.buyButton })).toBeNull();
  });

  it('a server reply saying "Agent is dead." offers no payment while the app cannot read the chain', async () => {
    host.chain.state.failLifeReads = true;
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', withTwin(makeAgent({}, null)));
    server.on(CHAT, { message: 'Agent is dead. Its battery ran out.', engine: 'none' });
    renderApp({ server });
    expect(await screen.findByRole('status', { name: strings.batteryUnknown }, { timeout: 5_000 })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Type your message...'), 'hello{Enter}');
    expect(await screen.findByText('Agent is dead. Its battery ran out.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: strings.allowButton })).toBeNull();

    // The chain answers again (it is asked at the polling interval): the payment is offered.
    host.chain.state.failLifeReads = false;
    expect(await screen.findByRole('button', { name: strings.allowButton }, { timeout: 8_000 })).toBeTruthy();
  }, 15_000);
});
