import { type WalletSignInResponse, walletSignInPaths, walletSignInRequestSchema } from '@fartwin/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { verifyMessage } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client.ts';
import { HOST_CONTEXT_WAIT_MS } from '../../lib/host-mode.ts';
import { strings, webModeStrings } from '../../lib/strings.ts';
import { WEB_SESSION_KEY, type WebSession } from '../../lib/web-session.ts';
import { createFakeServer, directory, errorReply, json, makeAgent, withTwin } from '../../test/fake-server.ts';
import { injectWallet } from '../../test/injected-wallet.ts';
import { renderApp } from '../../test/render.tsx';
import { host, sdk, userContext } from '../../test/sdk-double.ts';
import { storeWebSession } from '../../test/stored-web-session.ts';

const NONCE = 'a1b2c3d4e5f60718';
const FID = 42;
let wallet: ReturnType<typeof injectWallet> | null = null;

afterEach(() => {
  wallet?.remove();
  wallet = null;
});

/** The bot service's wallet sign-in, checking the message as the real one does, and a signed-in user's twin. */
function signInServer(answer?: (address: string) => Response) {
  const server = createFakeServer();
  server.on(`POST ${walletSignInPaths.nonce}`, { nonce: NONCE });
  server.on(`POST ${walletSignInPaths.signIn}`, async ({ body }: { body: unknown }) => {
    const { message, signature } = walletSignInRequestSchema.parse(body);
    const fields = parseSiweMessage(message);
    const address = fields.address!;
    if (answer) return answer(address);
    const valid =
      fields.domain === window.location.host &&
      fields.uri === window.location.origin &&
      fields.chainId === 8453 &&
      fields.nonce === NONCE &&
      fields.version === '1' &&
      (await verifyMessage({ address, message, signature: signature as `0x${string}` }));
    if (!valid) return errorReply('bad message', 401, 'sign_in_failed');
    return json({
      token: 'web-token',
      fid: FID,
      username: 'alice',
      address,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    } satisfies WalletSignInResponse);
  });
  server.on(`GET /doppelganger/agents/${FID}`, withTwin(makeAgent()));
  server.on('GET /doppelganger/chat-with-fartwin/agent-1/history', { turns: [] });
  return server;
}

const storedSession = (): WebSession | null => JSON.parse(localStorage.getItem(WEB_SESSION_KEY) ?? 'null');

/** The home screen's "Sign in" (the navigation bar has one too, after it). */
async function signInFromHome() {
  const [onHome] = await screen.findAllByRole('button', { name: webModeStrings.signIn });
  await userEvent.click(onHome!);
}

describe('web mode: the app outside a Farcaster client', () => {
  it('a page with no host runs as a web page: a home that says so, and nothing asks the wallet', async () => {
    wallet = injectWallet();
    renderApp({ server: signInServer() });
    expect(await screen.findByRole('heading', { name: webModeStrings.webHomeTitle })).toBeTruthy();
    expect(screen.queryByText(strings.notInFrame)).toBeNull();
    expect(screen.getByRole('link', { name: webModeStrings.browseAgents }).getAttribute('href')).toBe('/agents');
    expect(wallet.requests).toEqual([]);
    expect(host.chain.methods()).toEqual([]);
  });

  it('a host that never answers the context is given up on: web mode, not an endless loading screen', async () => {
    host.context = new Promise(() => {});
    renderApp({ server: signInServer() });
    expect(
      await screen.findByRole('heading', { name: webModeStrings.webHomeTitle }, { timeout: HOST_CONTEXT_WAIT_MS * 3 }),
    ).toBeTruthy();
  });

  it('every screen works without signing in: the directory, a twin, the leaderboard, and /info says to sign in', async () => {
    const server = signInServer();
    server.on('GET /doppelganger/agents', directory([makeAgent()]));
    const { router } = renderApp({ server, path: '/agents' });
    expect(await screen.findByText('@alice-twin')).toBeTruthy();
    await router.navigate('/agent/agent-1');
    expect(await screen.findByText('Alice Twin')).toBeTruthy();
    expect((await screen.findByTestId('web-visitor')).textContent).toContain(webModeStrings.signInToChat);
    // Nobody to chat as: no message box that could only fail.
    expect(screen.queryByRole('textbox', { name: 'Type your message...' })).toBeNull();
    expect(screen.queryByText('Say something to your Fartwin.')).toBeNull();
    await router.navigate('/leaderboard');
    expect(await screen.findByRole('heading', { name: 'Leaderboard' })).toBeTruthy();
    await router.navigate('/info');
    expect(await screen.findByText(webModeStrings.signInToChangeActions)).toBeTruthy();
    expect(screen.queryByText(strings.notInFrame)).toBeNull();
  });

  it('Sign in: an EIP-4361 message for this app, signed by the wallet, traded for a session used as the bearer token', async () => {
    wallet = injectWallet();
    const server = signInServer();
    renderApp({ server });
    await signInFromHome();
    // Signed in: the user's twin chat, and who is signed in in the navigation bar.
    expect(await screen.findByText('@alice')).toBeTruthy();
    expect(await screen.findByText('Alice Twin')).toBeTruthy();
    expect(storedSession()).toMatchObject({
      token: 'web-token',
      fid: FID,
      username: 'alice',
      connectorId: 'test.wallet',
    });
    expect(storedSession()?.address.toLowerCase()).toBe(wallet.address.toLowerCase());
    expect(wallet.requests).toContain('personal_sign');
    await waitFor(() => expect(server.callsTo('GET /doppelganger/chat-with-fartwin/agent-1/history')).toHaveLength(1));
    const [history] = server.callsTo('GET /doppelganger/chat-with-fartwin/agent-1/history');
    expect(history!.headers.get('authorization')).toBe('Bearer web-token');
    expect(sdk.quickAuth.getToken).not.toHaveBeenCalled();
  });

  it('a session survives a reload', async () => {
    wallet = injectWallet();
    const first = renderApp({ server: signInServer() });
    await signInFromHome();
    expect(await screen.findByText('@alice')).toBeTruthy();
    first.unmount();
    renderApp({ server: signInServer() });
    expect(await screen.findByText('Alice Twin')).toBeTruthy();
    expect(screen.getByText('@alice')).toBeTruthy();
  });

  it.each([
    ['a rejected signature', () => wallet!.rejectSignatures(), undefined, webModeStrings.signatureRejected],
    [
      'a message the server refuses (sign_in_failed)',
      () => {},
      () => errorReply('The sign-in nonce has expired. Sign in again.', 401, 'sign_in_failed'),
      webModeStrings.signInFailed('The sign-in nonce has expired. Sign in again.'),
    ],
    [
      'a wallet no Farcaster account has (no_farcaster_account)',
      () => {},
      () => errorReply('No Farcaster account', 403, 'no_farcaster_account'),
      null,
    ],
  ] as const)('%s: a clear sentence, and nothing half-signed-in', async (_name, prepare, answer, expected) => {
    wallet = injectWallet();
    prepare();
    renderApp({ server: signInServer(answer) });
    await signInFromHome();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(expected ?? webModeStrings.noFarcasterAccount(wallet.address));
    expect(storedSession()).toBeNull();
    expect(screen.getAllByRole('button', { name: webModeStrings.signIn }).length).toBeGreaterThan(0);
  });

  it('a failure from the navigation bar\'s "Sign in" is said above the bar, until closed', async () => {
    wallet = injectWallet();
    wallet.rejectSignatures();
    const server = signInServer();
    server.on('GET /doppelganger/agents', directory([makeAgent()]));
    renderApp({ server, path: '/agents' });
    const nav = await screen.findByRole('navigation');
    await userEvent.click(await within(nav).findByRole('button', { name: webModeStrings.signIn }));
    const alert = await within(nav).findByRole('alert');
    expect(alert.textContent).toContain(webModeStrings.signatureRejected);
    await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(within(nav).queryByRole('alert')).toBeNull();
  });

  it('the server down: says so, and no session', async () => {
    wallet = injectWallet();
    const server = signInServer();
    renderApp({ server });
    // The page loaded, then the bot service went away.
    await screen.findByRole('heading', { name: webModeStrings.webHomeTitle });
    const down = async () => {
      throw new TypeError('Failed to fetch');
    };
    globalThis.fetch = down as typeof fetch;
    await signInFromHome();
    expect((await screen.findByRole('alert')).textContent).toBe(webModeStrings.serverDown);
    expect(storedSession()).toBeNull();
  });

  it("the wallet's account changes: the session ends", async () => {
    wallet = injectWallet();
    renderApp({ server: signInServer() });
    await signInFromHome();
    expect(await screen.findByText('Alice Twin')).toBeTruthy();
    wallet.switchAccount();
    expect(await screen.findByRole('heading', { name: webModeStrings.webHomeTitle })).toBeTruthy();
    expect(storedSession()).toBeNull();
  });

  it('a 401 from the API ends the session', async () => {
    wallet = injectWallet();
    const server = signInServer();
    server.on('GET /doppelganger/chat-with-fartwin/agent-1/history', () =>
      errorReply('Token expired', 401, 'unauthorized'),
    );
    renderApp({ server });
    await signInFromHome();
    expect(await screen.findByRole('heading', { name: webModeStrings.webHomeTitle })).toBeTruthy();
    expect(storedSession()).toBeNull();
  });

  it('Sign out ends the session on the server and here', async () => {
    wallet = injectWallet();
    const server = signInServer();
    server.on(`POST ${walletSignInPaths.signOut}`, { signedOut: true, fid: FID });
    renderApp({ server });
    await signInFromHome();
    const nav = await screen.findByRole('navigation');
    await userEvent.click(await within(nav).findByRole('button', { name: webModeStrings.signOut }));
    expect(await screen.findByRole('heading', { name: webModeStrings.webHomeTitle })).toBeTruthy();
    expect(storedSession()).toBeNull();
    const signOuts = server.callsTo(`POST ${walletSignInPaths.signOut}`);
    expect(signOuts.map((call) => call.headers.get('authorization'))).toEqual(['Bearer web-token']);
  });

  it('Sign out forgets the wallet: its permission is revoked, nothing of it is kept, and a reload stays signed out', async () => {
    wallet = injectWallet();
    const server = signInServer();
    server.on(`POST ${walletSignInPaths.signOut}`, { signedOut: true, fid: FID });
    const first = renderApp({ server });
    await signInFromHome();
    const nav = await screen.findByRole('navigation');
    await userEvent.click(await within(nav).findByRole('button', { name: webModeStrings.signOut }));
    expect(await within(nav).findByRole('button', { name: webModeStrings.signIn })).toBeTruthy();
    // The wallet is let go (EIP-2255's revoke, as wagmi's disconnect asks it) and no trace of it stays here.
    await waitFor(() => expect(wallet!.requests).toContain('wallet_revokePermissions'));
    const kept = Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`);
    expect(kept.filter((entry) => entry.toLowerCase().includes(wallet!.address.toLowerCase().slice(2)))).toEqual([]);
    expect(storedSession()).toBeNull();

    // Reloaded: still signed out, and the wallet is not asked for its account.
    first.unmount();
    const asked = wallet.requests.length;
    renderApp({ server: signInServer() });
    expect(await screen.findByRole('heading', { name: webModeStrings.webHomeTitle })).toBeTruthy();
    const reloadedNav = await screen.findByRole('navigation');
    expect(await within(reloadedNav).findByRole('button', { name: webModeStrings.signIn })).toBeTruthy();
    expect(screen.queryByText('@alice')).toBeNull();
    expect(wallet.requests.slice(asked)).not.toContain('eth_accounts');
    expect(wallet.requests.slice(asked)).not.toContain('eth_requestAccounts');
  });

  it('Sign out forgets the session even when the server cannot be reached', async () => {
    wallet = injectWallet();
    const server = signInServer();
    server.on(`POST ${walletSignInPaths.signOut}`, () => {
      throw new TypeError('Failed to fetch');
    });
    renderApp({ server });
    await signInFromHome();
    const nav = await screen.findByRole('navigation');
    await userEvent.click(await within(nav).findByRole('button', { name: webModeStrings.signOut }));
    expect(await within(nav).findByRole('button', { name: webModeStrings.signIn })).toBeTruthy();
    expect(server.callsTo(`POST ${walletSignInPaths.signOut}`)).toHaveLength(1);
    expect(storedSession()).toBeNull();
  });

  it('Sign out ends the session even when the sign-in code cannot load (a tab left open across a deploy)', async () => {
    wallet = injectWallet();
    const first = renderApp({ server: signInServer() });
    await signInFromHome();
    first.unmount();
    vi.doMock('./sign-in.ts', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    try {
      const server = signInServer();
      server.on(`POST ${walletSignInPaths.signOut}`, { signedOut: true, fid: FID });
      renderApp({ server });
      const nav = await screen.findByRole('navigation');
      await userEvent.click(await within(nav).findByRole('button', { name: webModeStrings.signOut }));
      expect(await within(nav).findByRole('button', { name: webModeStrings.signIn })).toBeTruthy();
      expect(storedSession()).toBeNull();
      expect(server.callsTo(`POST ${walletSignInPaths.signOut}`)).toHaveLength(1);
    } finally {
      vi.doUnmock('./sign-in.ts');
    }
  });

  it('inside a Farcaster client a stored web session is not used: the frame user and Quick Auth', async () => {
    storeWebSession({ fid: 7, username: 'someone-else' });
    host.context = Promise.resolve(userContext(FID));
    const server = signInServer();
    renderApp({ server });
    expect(await screen.findByText('Alice Twin')).toBeTruthy();
    expect(screen.queryByRole('button', { name: webModeStrings.signIn })).toBeNull();
    const response = await apiRequest('/doppelganger/chat-with-fartwin/agent-1/history', { auth: true });
    expect(response.ok).toBe(true);
    expect(server.calls.at(-1)!.headers.get('authorization')).toBe('Bearer test-token');
  });
});
