/** @vitest-environment happy-dom */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLocalNetwork, feedCast, localUser } from '../test/fake-local-network.ts';
import { renderFrame } from '../test/frame.tsx';

vi.mock('@farcaster/miniapp-host', async (importOriginal) =>
  (await import('../test/captured-host.ts')).withCapturedHost(await importOriginal()),
);

const ALICE = localUser(1001, 'alice');
const TWIN = localUser(500_001, 'alice-twin');
const WELCOME_HASH = `0x${'a1'.repeat(20)}` as const;
const NEW_HASH = `0x${'b2'.repeat(20)}` as const;
const WELCOME_URL = `https://farcaster.xyz/alice-twin/${WELCOME_HASH}`;

describe('the compose sheet', () => {
  let network: ReturnType<typeof fakeLocalNetwork>;
  beforeEach(() => {
    network = fakeLocalNetwork({
      'POST /local-network/casts': () => ({ status: 201, body: { hash: NEW_HASH } }),
    });
    network.state.casts = [feedCast(WELCOME_HASH, TWIN, 'gm, I am the twin of @alice')];
  });

  const composeSheet = () => screen.findByTestId('compose-sheet');
  const castRequests = () => network.requests.filter((request) => request.method === 'POST');

  it('opens from composeCast with the text and the quoted cast, casts as the user and resolves with the hash', async () => {
    const { host, log } = renderFrame(ALICE);
    let result: unknown;
    act(() => {
      void host()
        .composeCast({ text: 'welcome to farcaster, @alice-twin', embeds: [WELCOME_URL] })
        .then((answer) => {
          result = answer;
        });
    });
    const sheet = await composeSheet();
    const text = within(sheet).getByRole<HTMLTextAreaElement>('textbox', { name: 'Cast text' });
    expect(text.value).toBe('welcome to farcaster, @alice-twin');
    // The quoted cast is shown readably: its author and text from the local network.
    expect(await within(sheet).findByText('gm, I am the twin of @alice')).toBeTruthy();
    expect(within(sheet).getByText('@alice-twin')).toBeTruthy();

    await userEvent.type(text, '!');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Cast' }));

    await waitFor(() => expect(result).toBeDefined());
    expect(castRequests()).toEqual([
      {
        method: 'POST',
        path: '/local-network/casts',
        body: { fid: 1001, text: 'welcome to farcaster, @alice-twin!', embeds: [WELCOME_URL] },
      },
    ]);
    expect(result).toEqual({
      cast: { hash: NEW_HASH, text: 'welcome to farcaster, @alice-twin!', embeds: [WELCOME_URL] },
    });
    expect(screen.queryByTestId('compose-sheet')).toBeNull();
    expect(log).toHaveBeenCalledWith('composeCast', {
      text: 'welcome to farcaster, @alice-twin',
      embeds: [WELCOME_URL],
    });
  });

  it('resolves with no cast and publishes nothing on Cancel', async () => {
    const { host } = renderFrame(ALICE);
    let result: unknown;
    act(() => {
      void host()
        .composeCast({ text: 'never mind' })
        .then((answer) => {
          result = answer;
        });
    });
    await userEvent.click(within(await composeSheet()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(result).toEqual({ cast: null }));
    expect(castRequests()).toEqual([]);
    expect(screen.queryByTestId('compose-sheet')).toBeNull();
  });

  it('passes a reply parent on and answers with it and the channel', async () => {
    const { host } = renderFrame(ALICE);
    let answer: Promise<unknown> = Promise.resolve();
    act(() => {
      answer = host().composeCast({
        text: 'agreed',
        parent: { type: 'cast', hash: WELCOME_HASH },
        channelKey: 'fartwin',
      });
    });
    const sheet = await composeSheet();
    expect(within(sheet).getByText(/In channel \/fartwin/)).toBeTruthy();
    // Whom it answers, once the local network has the parent cast.
    expect(await within(sheet).findByText('Replying to @alice-twin')).toBeTruthy();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Cast' }));
    expect(await answer).toEqual({
      cast: {
        hash: NEW_HASH,
        text: 'agreed',
        embeds: [],
        parent: { type: 'cast', hash: WELCOME_HASH },
        channelKey: 'fartwin',
      },
    });
    expect(castRequests()[0]?.body).toEqual({ fid: 1001, text: 'agreed', embeds: [], parentHash: WELCOME_HASH });
  });

  it('names a reply parent the local network does not have by its hash', async () => {
    const { host } = renderFrame(ALICE);
    const unknown = `0x${'e5'.repeat(20)}`;
    act(() => void host().composeCast({ text: 'hm', parent: { type: 'cast', hash: unknown } }));
    const sheet = await composeSheet();
    await waitFor(() =>
      expect(network.requests.map((request) => request.path)).toContain(`/local-network/casts/${unknown}`),
    );
    expect(within(sheet).getByText(`Replying to cast ${unknown}`)).toBeTruthy();
  });

  it('opens from openUrl with a Farcaster compose URL', async () => {
    const { host } = renderFrame(ALICE);
    const url = `https://farcaster.xyz/~/compose?text=${encodeURIComponent('deploy me a twin @ajax')}&embeds[]=${encodeURIComponent('https://fartwin.test/')}`;
    act(() => host().openUrl(url));
    const sheet = await composeSheet();
    expect(within(sheet).getByRole<HTMLTextAreaElement>('textbox').value).toBe('deploy me a twin @ajax');
    expect(within(sheet).getByRole('link', { name: 'fartwin.test/' })).toBeTruthy();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Cast' }));
    await waitFor(() =>
      expect(castRequests()[0]?.body).toEqual({
        fid: 1001,
        text: 'deploy me a twin @ajax',
        embeds: ['https://fartwin.test/'],
      }),
    );
  });

  it('keeps the sheet open with the reason when the network refuses the cast', async () => {
    network = fakeLocalNetwork({
      'POST /local-network/casts': () => ({
        status: 404,
        body: { error: 'No local account with fid 1001', code: 'unknown_fid' },
      }),
    });
    const { host } = renderFrame(ALICE);
    act(() => void host().composeCast({ text: 'hello' }));
    const sheet = await composeSheet();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Cast' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe(
      'Could not cast: No local account with fid 1001',
    );
  });

  it('does not cast an empty draft', async () => {
    const { host } = renderFrame(ALICE);
    act(() => void host().composeCast({}));
    const cast = within(await composeSheet()).getByRole<HTMLButtonElement>('button', { name: 'Cast' });
    expect(cast.disabled).toBe(true);
  });
});
