import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { strings, twinLinkStrings } from '../../lib/strings.ts';
import { forgetHostCapabilities } from '../../platform/native/index.ts';
import { USDC_ADDRESS } from '../../test/fake-chain.ts';
import { createFakeServer, directory, makeAgent, noTwin, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { ALL_CAPABILITIES, host, sdk, userContext } from '../../test/sdk-double.ts';
import { ComposeFab } from '../agents/components/ComposeFab.tsx';
import { QuoteCastButton } from '../onboarding/components/QuoteCastButton.tsx';
import { shareText } from './share-text.ts';

const TOKEN = '0x5555555555555555555555555555555555555555';
const TOKEN_ID = `eip155:8453/erc20:${TOKEN}`;
const USDC_ID = `eip155:8453/erc20:${USDC_ADDRESS}`;
const agentPage = () => `${window.location.origin}/agent/agent-1`;
const PROFILE_URL = 'https://farcaster.xyz/alice-twin';
const SWAP_URL = `https://app.uniswap.org/swap?chain=base&inputCurrency=${USDC_ADDRESS}&outputCurrency=${TOKEN}`;
const composeUrl = (text: string, embed: string) =>
  `https://farcaster.xyz/~/compose?text=${encodeURIComponent(text)}&embeds[]=${encodeURIComponent(embed)}`;
const DEAD = () => Math.floor(Date.now() / 1000) - 60;

beforeEach(() => {
  // Each test is a new client, with every action unless it says otherwise.
  forgetHostCapabilities();
  host.capabilities = [...ALL_CAPABILITIES];
});

/** The user's own twin on the main screen, inside a client. */
function openOwnTwin(agent = makeAgent()) {
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', withTwin(agent));
  return renderApp({ server });
}

/** Someone else's twin on its /agent page: inside a client as fid 42 (no twin), or in web mode. */
function openOthersTwin({ web = false, agent = makeAgent() } = {}) {
  if (!web) host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', noTwin());
  server.on('GET /doppelganger/agents', directory([agent]));
  return renderApp({ server, path: '/agent/agent-1' });
}

/** "Quote Cast It" (a welcome cast to quote) and the directory's "+", on their own. */
const renderComposeButtons = () =>
  render(
    <AppProviders>
      <QuoteCastButton name="alice-twin" welcomeCastHash="0xabc" />
      <ComposeFab />
    </AppProviders>,
  );

const links = async () => within(await screen.findByTestId('twin-links'));

/** Taps Share and expects the composer with `text` and the twin's page as embed. */
async function shareComposes(text: string) {
  await userEvent.click((await links()).getByRole('button', { name: twinLinkStrings.shareLabel('Alice Twin') }));
  await waitFor(() => expect(sdk.actions.composeCast).toHaveBeenCalledWith({ text, embeds: [agentPage()] }));
}
const profileControl = () => screen.findByTestId('twin-profile');

describe('a twin in a client that has every action', () => {
  it('its picture and names open its profile by the twin fid', async () => {
    openOwnTwin();
    const profile = await profileControl();
    expect(profile.tagName).toBe('BUTTON');
    expect(profile.textContent).toContain('Alice Twin');
    expect(profile.textContent).toContain('@alice-twin');
    await userEvent.click(profile);
    await waitFor(() => expect(sdk.actions.viewProfile).toHaveBeenCalledWith({ fid: 9001 }));
    expect(sdk.actions.openUrl).not.toHaveBeenCalled();
  });

  it('its token symbol opens the token, by its CAIP-19 id on Base', async () => {
    openOwnTwin();
    const token = (await links()).getByRole('button', { name: twinLinkStrings.viewToken('ALICE') });
    expect(token.textContent).toBe('$ALICE');
    await userEvent.click(token);
    await waitFor(() => expect(sdk.actions.viewToken).toHaveBeenCalledWith({ token: TOKEN_ID }));
  });

  it('"Buy $SYMBOL" swaps USDC (the app config’s) for the twin’s token', async () => {
    openOwnTwin();
    const buy = (await links()).getByRole('button', { name: 'Buy $ALICE' });
    // It reads "Buy" beside the symbol's chip, so the row fits a phone's width with Share.
    expect(buy.textContent).toBe('Buy');
    await userEvent.click(buy);
    await waitFor(() => expect(sdk.actions.swapToken).toHaveBeenCalledWith({ sellToken: USDC_ID, buyToken: TOKEN_ID }));
  });

  it('Share composes a cast with the twin’s page as embed, worded for a living twin of the owner', async () => {
    openOwnTwin();
    await shareComposes(twinLinkStrings.shareText.ownAlive);
    expect(twinLinkStrings.shareText.ownAlive).toContain('talk to my twin');
  });

  it('a dead twin’s share says its battery is dead and anyone can revive it for 1 USDC', async () => {
    openOwnTwin(makeAgent({}, DEAD()));
    await waitFor(() => expect(screen.getByTestId('countdown').textContent).toBe('00:00:00:00'));
    await shareComposes("My twin's battery is dead, anyone can revive it for 1 USDC");
  });

  it('someone else’s twin is shared in a visitor’s words, alive or dead', async () => {
    openOthersTwin();
    await shareComposes('Come talk to Alice Twin, a Fartwin twin');
  });

  it('an action the client fails at opens its link instead', async () => {
    sdk.actions.viewProfile.mockRejectedValueOnce(new Error('viewProfile failed'));
    openOwnTwin();
    await userEvent.click(await profileControl());
    await waitFor(() => expect(sdk.actions.openUrl).toHaveBeenCalledWith(PROFILE_URL));
    expect(sdk.actions.viewProfile).toHaveBeenCalledWith({ fid: 9001 });
  });

  it('a client that cannot tell what it supports gets the links', async () => {
    sdk.getCapabilities.mockRejectedValueOnce(new Error('getCapabilities is not a function'));
    openOwnTwin();
    await waitFor(() => expect(screen.getByTestId('twin-profile').getAttribute('href')).toBe(PROFILE_URL));
  });
});

describe('a client without the actions', () => {
  beforeEach(() => {
    host.capabilities = ['actions.ready', 'actions.openUrl', 'wallet.getEthereumProvider'];
  });

  it('the profile, the buy and the share are links the client opens; the symbol is plain text', async () => {
    openOwnTwin();
    // A button while the client is asked, then the link.
    await waitFor(() => expect(screen.getByTestId('twin-profile').tagName).toBe('A'));
    const profileLink = screen.getByTestId('twin-profile');
    expect(profileLink.getAttribute('href')).toBe(PROFILE_URL);
    const row = await links();
    expect(row.queryByRole('button')).toBeNull();
    expect(row.getByText('$ALICE').tagName).toBe('SPAN');
    const buy = await row.findByRole('link', { name: 'Buy $ALICE' });
    expect(buy.getAttribute('href')).toBe(SWAP_URL);
    const share = row.getByRole('link', { name: twinLinkStrings.shareLabel('Alice Twin') });
    expect(share.getAttribute('href')).toBe(composeUrl(twinLinkStrings.shareText.ownAlive, agentPage()));

    for (const link of [profileLink, buy, share]) await userEvent.click(link);
    await waitFor(() => expect(sdk.actions.openUrl).toHaveBeenCalledTimes(3));
    const opened = [PROFILE_URL, SWAP_URL, composeUrl(twinLinkStrings.shareText.ownAlive, agentPage())];
    for (const [index, url] of opened.entries()) expect(sdk.actions.openUrl).toHaveBeenNthCalledWith(index + 1, url);
    for (const action of [sdk.actions.viewProfile, sdk.actions.swapToken, sdk.actions.composeCast]) {
      expect(action).not.toHaveBeenCalled();
    }
  });

  it('"Quote Cast It" and the directory’s "+" open the compose page through the client', async () => {
    host.context = Promise.resolve(userContext(42));
    renderComposeButtons();
    const quote = await screen.findByRole('link', { name: strings.quoteCastButton });
    await userEvent.click(quote);
    await userEvent.click(screen.getByRole('link', { name: strings.deployComposeLabel }));
    await waitFor(() => expect(sdk.actions.openUrl).toHaveBeenCalledTimes(2));
    expect(sdk.actions.openUrl).toHaveBeenNthCalledWith(
      1,
      composeUrl('welcome to farcaster, @alice-twin', 'https://farcaster.xyz/alice-twin/0xabc'),
    );
    expect(sdk.actions.openUrl).toHaveBeenNthCalledWith(
      2,
      `https://farcaster.xyz/~/compose?text=${encodeURIComponent(strings.deployComposeText)}`,
    );
    expect(sdk.actions.composeCast).not.toHaveBeenCalled();
  });
});

describe('web mode: links the browser follows', () => {
  /** Whether each click was left to the browser (a link followed); the test's page then goes nowhere. */
  const followed: boolean[] = [];
  const stopNavigation = (event: MouseEvent) => {
    followed.push(!event.defaultPrevented);
    event.preventDefault();
  };
  beforeEach(() => {
    followed.length = 0;
    window.addEventListener('click', stopNavigation);
    return () => window.removeEventListener('click', stopNavigation);
  });

  it('a twin’s profile, buy and share are plain links; nothing calls the SDK', async () => {
    openOthersTwin({ web: true, agent: makeAgent({}, DEAD()) });
    const profile = await profileControl();
    expect(profile.tagName).toBe('A');
    expect(profile.getAttribute('href')).toBe(PROFILE_URL);
    expect(profile.getAttribute('target')).toBe('_blank');
    const row = await links();
    expect(row.getByText('$ALICE').tagName).toBe('SPAN');
    expect((await row.findByRole('link', { name: 'Buy $ALICE' })).getAttribute('href')).toBe(SWAP_URL);
    // The web visitor reads the battery from the chain: the twin is dead there.
    await waitFor(() =>
      expect(row.getByRole('link', { name: twinLinkStrings.shareLabel('Alice Twin') }).getAttribute('href')).toBe(
        composeUrl("Alice Twin's battery is dead, anyone can revive it for 1 USDC", agentPage()),
      ),
    );
    await userEvent.click(profile);
    expect(followed).toEqual([true]);
    expect(sdk.actions.viewProfile).not.toHaveBeenCalled();
    expect(sdk.actions.openUrl).not.toHaveBeenCalled();
    expect(sdk.getCapabilities).not.toHaveBeenCalled();
  });

  it('"Quote Cast It" and the directory’s "+" are links to Farcaster’s compose page', async () => {
    renderComposeButtons();
    const quote = await screen.findByRole('link', { name: strings.quoteCastButton });
    expect(quote.getAttribute('href')).toBe(
      composeUrl('welcome to farcaster, @alice-twin', 'https://farcaster.xyz/alice-twin/0xabc'),
    );
    await userEvent.click(quote);
    await userEvent.click(screen.getByRole('link', { name: strings.deployComposeLabel }));
    expect(followed).toEqual([true, true]);
    expect(sdk.actions.composeCast).not.toHaveBeenCalled();
    expect(sdk.actions.openUrl).not.toHaveBeenCalled();
  });
});

describe('in the Base App (a web page there, with no Farcaster SDK actions)', () => {
  const TWIN_WALLET = '0x4444444444444444444444444444444444444444';
  afterEach(() => {
    delete (window as { ethereum?: unknown }).ethereum;
    vi.restoreAllMocks();
  });

  it.each([
    ['its user agent', () => vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 BaseApp/1.2')],
    ['its Base Account provider', () => Object.assign(window, { ethereum: { isCoinbaseWallet: true } })],
  ])('told by %s: the profile and the token open Base’s pages', async (_, enterBaseApp) => {
    enterBaseApp();
    openOthersTwin({ web: true });
    const profile = await profileControl();
    expect(profile.tagName).toBe('A');
    expect(profile.getAttribute('href')).toBe(`https://base.app/profile/${TWIN_WALLET}`);
    const token = (await links()).getByRole('link', { name: twinLinkStrings.viewToken('ALICE') });
    expect(token.getAttribute('href')).toBe(`https://base.app/coin/base-mainnet/${TOKEN}`);
    expect(sdk.getCapabilities).not.toHaveBeenCalled();
  });

  it('inside a Farcaster client the same signs change nothing: the client’s actions', async () => {
    Object.assign(window, { ethereum: { isCoinbaseWallet: true } });
    openOwnTwin();
    await userEvent.click(await profileControl());
    await waitFor(() => expect(sdk.actions.viewProfile).toHaveBeenCalledWith({ fid: 9001 }));
  });
});

describe('share text', () => {
  it.each([
    [{ own: true, dead: false }, 'Come talk to my twin on Fartwin, it talks just like me'],
    [{ own: true, dead: true }, "My twin's battery is dead, anyone can revive it for 1 USDC"],
    [{ own: false, dead: false }, 'Come talk to Alice Twin, a Fartwin twin'],
    [{ own: false, dead: true }, "Alice Twin's battery is dead, anyone can revive it for 1 USDC"],
  ])('%o', (state, text) => {
    expect(shareText({ name: 'Alice Twin', ...state })).toBe(text);
  });
});
