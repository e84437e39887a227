import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MiniAppHostCapability } from '@farcaster/miniapp-sdk';
import { BATTERY_PRICE_USDC } from '@fartwin/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import postcss, { type AtRule, type Rule } from 'postcss';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { strings, webModeStrings } from '../../lib/strings.ts';
import { createFakeServer, directory, json, makeAgent, noTwin, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { ALL_CAPABILITIES, host, sdk, userContext } from '../../test/sdk-double.ts';
import { forgetHostCapabilities } from './capabilities.ts';
import { haptics as nativeHaptics } from './haptics.ts';

/** The SDK's haptics and back control, as a client that has them exposes them. */
const haptics = {
  impactOccurred: vi.fn(async (_style: string) => {}),
  notificationOccurred: vi.fn(async (_type: string) => {}),
  selectionChanged: vi.fn(async () => {}),
};
const back = {
  visible: false,
  onback: null as (() => unknown) | null,
  show: vi.fn(async () => {
    back.visible = true;
  }),
  hide: vi.fn(async () => {
    back.visible = false;
  }),
};
Object.assign(sdk, { haptics, back });

const HAPTICS: MiniAppHostCapability[] = ['haptics.impactOccurred', 'haptics.notificationOccurred'];
const CHAT = 'POST /doppelganger/chat-with-fartwin/agent-1';

/** Each test is a new client with `capabilities` (what its getCapabilities answers). */
function client(capabilities: readonly MiniAppHostCapability[]) {
  forgetHostCapabilities();
  host.capabilities = [...capabilities];
  host.context = Promise.resolve(userContext(42));
}

beforeEach(() => {
  back.visible = false;
  back.onback = null;
  client(ALL_CAPABILITIES);
});

function openTwinChat() {
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', withTwin());
  server.on(CHAT, { message: 'hey', engine: 'llm' });
  return renderApp({ server });
}

async function send(text: string) {
  await userEvent.setup().type(await screen.findByPlaceholderText(strings.messagePlaceholder), `${text}{Enter}`);
  return screen.findByText('hey');
}

describe('haptics', () => {
  it('a light impact on send, where the client has haptics', async () => {
    client([...ALL_CAPABILITIES, ...HAPTICS]);
    openTwinChat();
    await send('hi');
    await waitFor(() => expect(haptics.impactOccurred).toHaveBeenCalledWith('light'));
    expect(haptics.impactOccurred).toHaveBeenCalledTimes(1);
  });

  it('a client without haptics loses nothing: the message goes, no haptic is asked for', async () => {
    const { server } = openTwinChat();
    await send('hi');
    expect(server.callsTo(CHAT)).toHaveLength(1);
    await waitFor(() => expect(sdk.getCapabilities).toHaveBeenCalled());
    expect(haptics.impactOccurred).not.toHaveBeenCalled();
  });

  it('a client that cannot say what it supports, or whose haptic fails, still sends', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    sdk.getCapabilities.mockRejectedValueOnce(new Error('getCapabilities is not a function'));
    const { server } = openTwinChat();
    await send('hi');
    expect(server.callsTo(CHAT)).toHaveLength(1);
    expect(haptics.impactOccurred).not.toHaveBeenCalled();

    client([...ALL_CAPABILITIES, ...HAPTICS]);
    haptics.impactOccurred.mockRejectedValueOnce(new Error('no motor'));
    await userEvent.setup().type(screen.getByPlaceholderText(strings.messagePlaceholder), 'again{Enter}');
    await waitFor(() => expect(server.callsTo(CHAT)).toHaveLength(2));
    await waitFor(() => expect(haptics.impactOccurred).toHaveBeenCalledTimes(1));
  });

  it('web mode (no client) never asks for capabilities', async () => {
    host.context = Promise.resolve(null);
    renderApp();
    await screen.findAllByRole('button', { name: webModeStrings.signIn });
    await nativeHaptics.tap();
    await nativeHaptics.success();
    expect(sdk.getCapabilities).not.toHaveBeenCalled();
  });

  it('a success notification when the twin is deployed', async () => {
    client([...ALL_CAPABILITIES, ...HAPTICS]);
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', noTwin());
    server.on('POST /doppelganger/deploy/42', { agentId: 'agent-9', welcomeCastHash: '0xabc', name: 'alice-twin' });
    renderApp({ server });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Introvert' }));
    await user.click(await screen.findByRole('button', { name: 'Silly' }));
    expect(haptics.notificationOccurred).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: strings.deployButton }));
    await screen.findByRole('button', { name: 'Quote Cast It' });
    await waitFor(() => expect(haptics.notificationOccurred).toHaveBeenCalledWith('success'));
  });

  it.each([
    ['with haptics', [...ALL_CAPABILITIES, ...HAPTICS], 1],
    ['without haptics', ALL_CAPABILITIES, 0],
  ] as const)(
    'the battery installed, %s: installed either way, a success notification where supported',
    async (_, capabilities, calls) => {
      client(capabilities);
      host.chain.state.allowance = BATTERY_PRICE_USDC;
      const server = createFakeServer();
      server.on('GET /doppelganger/agents/42', withTwin(makeAgent({}, Math.floor(Date.now() / 1000) - 60)));
      renderApp({ server });
      const user = userEvent.setup();
      await user.type(await screen.findByPlaceholderText(strings.messagePlaceholder), 'wake up{Enter}');
      await user.click(await screen.findByRole('button', { name: strings.buyButton }));
      expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
      await waitFor(() => expect(sdk.getCapabilities).toHaveBeenCalled());
      await waitFor(() => expect(haptics.notificationOccurred).toHaveBeenCalledTimes(calls));
      if (calls) expect(haptics.notificationOccurred).toHaveBeenCalledWith('success');
    },
  );
});

function openDirectory() {
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', withTwin());
  server.on('GET /doppelganger/agents', directory([makeAgent()]));
  server.on('GET /doppelganger/actions/agent-1', {
    agentId: 'agent-1',
    actions: { replyOnFarcaster: true, replyToDirectMessages: true, contentWriter: false, notifications: false },
    directMessagesAvailable: true,
  });
  return renderApp({ path: '/agents', server });
}

describe("the client's back control", () => {
  it('shown once there is an in-app screen to go back to; it goes back through the router', async () => {
    client([...ALL_CAPABILITIES, 'back']);
    const { router } = openDirectory();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /@alice-twin/ }));
    await screen.findByRole('link', { name: new RegExp(strings.backToAgents) });
    await waitFor(() => expect(back.show).toHaveBeenCalledTimes(1));
    expect(back.hide).not.toHaveBeenCalled();

    // The client's back button: from the twin's page to the directory, and the control hides.
    act(() => void back.onback?.());
    await waitFor(() => expect(router.state.location.pathname).toBe('/agents'));
    await waitFor(() => expect(back.hide).toHaveBeenCalledTimes(1));
    // At the first screen it does nothing in the app: the client's own back (closing) applies.
    act(() => void back.onback?.());
    expect(router.state.location.pathname).toBe('/agents');
  });

  it('a client without it loses nothing: never shown, the in-app back link works', async () => {
    const { router } = openDirectory();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /@alice-twin/ }));
    await user.click(await screen.findByRole('link', { name: new RegExp(strings.backToAgents) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agents'));
    expect(sdk.getCapabilities).toHaveBeenCalled();
    expect(back.show).not.toHaveBeenCalled();
    expect(back.onback).toBeNull();
  });
});

/**
 * The app at `path` while the directory does not answer yet; `answer` lets it answer. `skeleton` is
 * the placeholder once the screen's code has loaded (the route's own loading animation comes first).
 */
async function openWhileDirectoryLoads(path: string) {
  const server = createFakeServer();
  let reply: ((response: Response) => void) | undefined;
  // The user's own twin is another: the page's twin is looked for on the server.
  server.on('GET /doppelganger/agents/42', withTwin(makeAgent({ agentId: 'own-twin' })));
  server.on('GET /doppelganger/agents', () => new Promise<Response>((resolve) => (reply = resolve)));
  renderApp({ path, server });
  await waitFor(() => expect(document.querySelector('.skeleton')).toBeTruthy());
  // The skeleton can be up before the directory's request is sent (its code loads on demand).
  await waitFor(() => expect(reply).toBeDefined());
  return {
    skeleton: screen.getByRole('status', { name: 'Loading' }),
    answer: () => reply?.(json(directory([makeAgent()]))),
  };
}

describe('skeletons', () => {
  it('the directory shows card-shaped placeholders while it loads, then the cards', async () => {
    const { skeleton: loading, answer } = await openWhileDirectoryLoads('/agents');
    expect(within(loading).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: strings.agentsTitle })).toBeTruthy();
    expect(document.querySelector('.loading-pulse')).toBeNull();

    answer();
    expect(await screen.findByRole('link', { name: /@alice-twin/ })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it("a twin's page shows a chat-shaped placeholder while the twin is looked for", async () => {
    const { skeleton: loading, answer } = await openWhileDirectoryLoads('/agent/agent-1');
    expect(loading.querySelector('.twin-header .skeleton')).toBeTruthy();
    expect(document.querySelector('.loading-pulse')).toBeNull();

    answer();
    expect(await screen.findByPlaceholderText(strings.messagePlaceholder)).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it('they shimmer, except for people who asked the system for reduced motion', () => {
    const css = postcss.parse(readFileSync(join(import.meta.dirname, 'skeleton.css'), 'utf8'));
    const animations: { reduced: boolean; value: string }[] = [];
    css.walkRules('.skeleton', (rule: Rule) => {
      const media = rule.parent?.type === 'atrule' ? (rule.parent as AtRule).params : '';
      rule.walkDecls(
        'animation',
        (decl) =>
          void animations.push({ reduced: media.includes('prefers-reduced-motion: reduce'), value: decl.value }),
      );
    });
    expect(animations.find((animation) => !animation.reduced)?.value).toMatch(/skeleton-shimmer/);
    expect(animations.find((animation) => animation.reduced)?.value).toBe('none');
  });
});
