import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cannedGreetings, strings } from '../../lib/strings.ts';
import { createFakeServer, directory, errorReply, makeAgent } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, sdk, userContext } from '../../test/sdk-double.ts';

function openDirectory(agents = [makeAgent()]) {
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents', directory(agents));
  return renderApp({ path: '/agents', server });
}

describe('/agents', () => {
  it('shows a card per agent linking to /agent/{agentId} with its picture, @username, status and greeting', async () => {
    const { server } = openDirectory([
      makeAgent(),
      makeAgent({
        agentId: 'agent-2',
        name: 'bob',
        status: 'paused',
        farcasterClient: { fid: 2, username: '', display_name: 'Bob', pfp_url: null },
      }),
    ]);
    const links = await screen.findAllByRole('link', { name: /@/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/agent/agent-1', '/agent/agent-2']);

    const [first, second] = links as [HTMLElement, HTMLElement];
    expect(within(first).getByText('@alice-twin')).toBeTruthy();
    expect(first.querySelector('img')?.getAttribute('src')).toBe('https://example.com/t.png');
    expect(first.querySelector('[data-status]')?.getAttribute('data-status')).toBe('alive');

    // Fallbacks: the helper's picture, and name plus "-a0x"; a grey dot when not active.
    expect(within(second).getByText('@bob-a0x')).toBeTruthy();
    expect(second.querySelector('img')?.getAttribute('src')).toBe('/ajax.svg');
    expect(second.querySelector('[data-status]')?.getAttribute('data-status')).toBe('inactive');

    for (const card of links) {
      expect(card.querySelector('.agent-card__time')?.textContent).toMatch(/^([0-9]|1[0-9]|2[0-3])h ago$/);
      expect(cannedGreetings).toContain(card.querySelector('.agent-card__greeting')?.textContent);
    }
    expect(server.callsTo('GET /doppelganger/agents')[0]?.path).toBe('/doppelganger/agents?limit=24');
  });

  it('the status dot says alive, dead or unknown by the battery, and inactive when not active', async () => {
    const now = Math.floor(Date.now() / 1000);
    openDirectory([
      makeAgent({ agentId: 'alive', name: 'alive' }, now + 3_600),
      makeAgent({ agentId: 'dead', name: 'dead' }, now - 60),
      makeAgent({ agentId: 'unknown', name: 'unknown' }, null),
      makeAgent({ agentId: 'paused', name: 'paused', status: 'paused' }, now + 3_600),
    ]);
    await screen.findAllByRole('link', { name: /@/ });
    const dot = (agentId: string) => document.querySelector(`a[href="/agent/${agentId}"] .status-dot`) as HTMLElement;
    expect(dot('alive').dataset.status).toBe('alive');
    expect(dot('alive').classList.contains('status-dot--alive')).toBe(true);
    expect(dot('dead').dataset.status).toBe('dead');
    expect(dot('unknown').dataset.status).toBe('unknown');
    expect(dot('paused').dataset.status).toBe('inactive');
    // Only a living twin is green; an unknown battery is not read as dead.
    expect(document.querySelectorAll('.status-dot--alive')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'battery unknown' })).toBe(dot('unknown'));
    expect(screen.getByRole('img', { name: 'active' })).toBe(dot('alive'));
    expect(dot('dead').getAttribute('aria-label')).toBe('inactive');
  });

  it('a long @username ends in an ellipsis in its own box, with the full name as its title', async () => {
    const long = 'a-really-long-username-for-a-two-column-card-twin';
    openDirectory([makeAgent({ farcasterClient: { fid: 3, username: long, display_name: 'L', pfp_url: null } })]);
    const [card] = await screen.findAllByRole('link', { name: /@/ });
    const name = within(card!).getByText(`@${long}`);
    expect(name.className).toBe('agent-card__username');
    expect(name.getAttribute('title')).toBe(`@${long}`);
  });

  it('falls back to the helper picture when a picture fails to load', async () => {
    openDirectory();
    const [link] = await screen.findAllByRole('link', { name: /@/ });
    const img = link!.querySelector('img')!;
    img.dispatchEvent(new Event('error'));
    await screen.findAllByRole('link', { name: /@/ });
    expect(link!.querySelector('img')?.getAttribute('src')).toBe('/ajax.svg');
  });

  it('says so when there are no agents', async () => {
    openDirectory([]);
    expect(await screen.findByText('No agents available at the moment.')).toBeTruthy();
  });

  it('only logs a failed agent list fetch', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents', () => errorReply('directory down', 503));
    renderApp({ path: '/agents', server });
    expect(await screen.findByText('No agents available at the moment.')).toBeTruthy();
    expect(log).toHaveBeenCalledWith(
      'Loading the agents failed',
      expect.objectContaining({ message: 'directory down' }),
    );
    expect(screen.queryByText('directory down')).toBeNull();
  });

  it('has 8 canned greetings', () => {
    expect(new Set(cannedGreetings).size).toBe(8);
  });

  it('the floating "+" composes the deploy request to ajax', async () => {
    openDirectory();
    const plus = await screen.findByRole('link', { name: strings.deployComposeLabel });
    expect(plus.textContent).toBe('+');
    expect(decodeURIComponent(plus.getAttribute('href') ?? '')).toContain(
      'text=hey, @ajaxbot, i want to deploy the following agent: ',
    );
    await userEvent.setup().click(plus);
    expect(sdk.actions.composeCast).toHaveBeenCalledWith({
      text: 'hey, @ajaxbot, i want to deploy the following agent: ',
    });
  });
});

describe("a directory card's profile control", () => {
  it("opens the twin's Farcaster profile in the client, beside the card's link to its page", async () => {
    openDirectory();
    const profile = await screen.findByRole('button', { name: "View @alice-twin's profile" });
    await userEvent.click(profile);
    expect(sdk.actions.viewProfile).toHaveBeenCalledWith({ fid: makeAgent().farcasterClient.fid });
    // The card itself still leads to the twin's page.
    expect(screen.getByRole('link', { name: /@alice-twin/ }).getAttribute('href')).toBe('/agent/agent-1');
  });
});
