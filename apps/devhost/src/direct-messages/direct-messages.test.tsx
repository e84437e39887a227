/** @vitest-environment happy-dom */
import { DIRECT_MESSAGE_MAX_CHARS } from '@fartwin/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_URL, fakeLocalNetwork, localTwin } from '../test/fake-local-network.ts';
import { renderWithQueries } from '../test/render.tsx';
import { DirectMessagesPanel } from './DirectMessagesPanel.tsx';

const ALICE = 1001;
const BOB = 1002;
const ALICE_TWIN = localTwin(500_001, 'alice-twin', ALICE);
const BOB_TWIN = localTwin(500_002, 'bob-twin', BOB);

function renderPanel(fid = ALICE) {
  renderWithQueries(<DirectMessagesPanel apiUrl={API_URL} fid={fid} />);
  return screen.getByRole('region', { name: 'Direct messages' });
}

const messageBox = (panel: HTMLElement) => within(panel).getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
const sendButton = (panel: HTMLElement) => within(panel).getByRole<HTMLButtonElement>('button', { name: 'Send' });
/** The conversation as shown: each message's text content, in order. */
const shownMessages = (panel: HTMLElement) =>
  within(panel)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('the direct messages panel', () => {
  it('says so when there are no twins to write to', async () => {
    fakeLocalNetwork();
    const panel = renderPanel();
    expect(await within(panel).findByText('No twins yet: deploy one in the mini-app.')).toBeTruthy();
    expect(within(panel).queryByRole('combobox', { name: 'Twin' })).toBeNull();
  });

  it("lists the twins by @username, starting with the user's own, and says when a conversation is empty", async () => {
    const network = fakeLocalNetwork();
    network.state.twins = [BOB_TWIN, ALICE_TWIN];
    const panel = renderPanel();

    const picker = await within(panel).findByRole<HTMLSelectElement>('combobox', { name: 'Twin' });
    expect([...picker.options].map((option) => option.textContent)).toEqual(['@bob-twin', '@alice-twin']);
    expect(picker.value).toBe(String(ALICE_TWIN.fid));
    expect(await within(panel).findByText('No messages yet: say hi to @alice-twin.')).toBeTruthy();
    expect(network.requests.map((request) => request.path)).toContain(
      `/local-network/direct-messages?fid=${ALICE}&with=${ALICE_TWIN.fid}`,
    );
  });

  it("sends with Enter, shows the message at once and the twin's answer when it comes", async () => {
    const network = fakeLocalNetwork();
    network.state.twins = [ALICE_TWIN];
    const panel = renderPanel();
    await within(panel).findByText(/No messages yet/);

    await userEvent.type(messageBox(panel), 'hey, got a minute?{Enter}');
    await waitFor(() => expect(shownMessages(panel)).toHaveLength(1));
    expect(shownMessages(panel)[0]).toContain('You');
    expect(shownMessages(panel)[0]).toContain('hey, got a minute?');
    expect(messageBox(panel).value).toBe('');
    expect(network.requests.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/local-network/direct-messages',
        body: { fromFid: ALICE, toFid: ALICE_TWIN.fid, text: 'hey, got a minute?' },
      },
    ]);

    // The bot service writes the twin's answer; the panel's next read shows it after the message.
    network.addDirectMessage(ALICE_TWIN.fid, ALICE, 'always, what is up?');
    await waitFor(() => expect(shownMessages(panel)).toHaveLength(2), { timeout: 5_000 });
    expect(shownMessages(panel)[1]).toContain('@alice-twin');
    expect(shownMessages(panel)[1]).toContain('always, what is up?');
  });

  it('sends with the Send button; Shift+Enter starts a new line instead', async () => {
    const network = fakeLocalNetwork();
    network.state.twins = [ALICE_TWIN];
    const panel = renderPanel();
    await within(panel).findByText(/No messages yet/);

    await userEvent.type(messageBox(panel), 'two{Shift>}{Enter}{/Shift}lines');
    expect(messageBox(panel).value).toBe('two\nlines');
    expect(network.requests.some((request) => request.method === 'POST')).toBe(false);
    await userEvent.click(sendButton(panel));
    await waitFor(() => expect(network.state.directMessages.map((message) => message.text)).toEqual(['two\nlines']));
  });

  it('writes to the twin picked', async () => {
    const network = fakeLocalNetwork();
    network.state.twins = [ALICE_TWIN, BOB_TWIN];
    network.addDirectMessage(BOB_TWIN.fid, ALICE, 'hi alice, I am bob');
    const panel = renderPanel();
    await within(panel).findByText(/No messages yet: say hi to @alice-twin/);

    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Twin' }), '@bob-twin');
    await waitFor(() => expect(shownMessages(panel)).toHaveLength(1));
    expect(shownMessages(panel)[0]).toContain('@bob-twin');
    await userEvent.type(messageBox(panel), 'hello bob{Enter}');
    await waitFor(() => expect(shownMessages(panel)).toHaveLength(2));
    expect(network.state.directMessages.at(-1)).toMatchObject({ fromFid: ALICE, toFid: BOB_TWIN.fid });
  });

  it('keeps the text and says why when the network refuses the message', async () => {
    const network = fakeLocalNetwork({
      'POST /local-network/direct-messages': () => ({
        status: 404,
        body: { error: 'No local account with fid 500001', code: 'unknown_fid' },
      }),
    });
    network.state.twins = [ALICE_TWIN];
    const panel = renderPanel();
    await within(panel).findByText(/No messages yet/);

    await userEvent.type(messageBox(panel), 'are you there?');
    await userEvent.click(sendButton(panel));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Could not send the message: No local account with fid 500001',
    );
    expect(messageBox(panel).value).toBe('are you there?');
    expect(shownMessages(panel)).toEqual([]);
  });

  it(`does not send empty messages or ones over ${DIRECT_MESSAGE_MAX_CHARS} characters, and says how long they are`, async () => {
    const network = fakeLocalNetwork();
    network.state.twins = [ALICE_TWIN];
    const panel = renderPanel();
    await within(panel).findByText(/No messages yet/);
    expect(sendButton(panel).disabled).toBe(true);

    await userEvent.click(messageBox(panel));
    await userEvent.paste('   ');
    expect(sendButton(panel).disabled).toBe(true);
    await userEvent.clear(messageBox(panel));

    await userEvent.paste('x'.repeat(DIRECT_MESSAGE_MAX_CHARS));
    expect(within(panel).getByText(`${DIRECT_MESSAGE_MAX_CHARS}/${DIRECT_MESSAGE_MAX_CHARS}`)).toBeTruthy();
    expect(sendButton(panel).disabled).toBe(false);

    await userEvent.type(messageBox(panel), 'y{Enter}');
    expect(
      within(panel).getByText(`Too long: ${DIRECT_MESSAGE_MAX_CHARS + 1} of ${DIRECT_MESSAGE_MAX_CHARS} characters.`),
    ).toBeTruthy();
    expect(sendButton(panel).disabled).toBe(true);
    expect(messageBox(panel).value).toHaveLength(DIRECT_MESSAGE_MAX_CHARS + 1);
    expect(network.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says why when the twins cannot be read', async () => {
    fakeLocalNetwork({
      'GET /local-network/twins': () => ({ status: 503, body: { error: 'The bot service is starting', code: 'down' } }),
    });
    const panel = renderPanel();
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Could not load the twins: The bot service is starting',
    );
  });
});
