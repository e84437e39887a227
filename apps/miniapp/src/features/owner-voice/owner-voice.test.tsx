import type { CastLearningResponse, OwnerVoice, OwnerVoiceResponse } from '@fartwin/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  createFakeServer,
  directory,
  errorReply,
  type FakeServer,
  json,
  makeAgent,
  noTwin,
  withTwin,
} from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';

const VOICE = '/doppelganger/voice/agent-1';
/** The eight questions (two named here; the rest as the server sends any question). */
const QUESTIONS = [
  {
    name: 'Length',
    description: 'Should your twin be Concise or Verbose?',
    options: [{ value: 'Concise' }, { value: 'Verbose' }],
  },
  ...['Social energy', 'Tone', 'Outlook', 'Role', 'Register', 'Energy', 'Openness'].map((name, index) => ({
    name,
    description: `Question ${index + 2}?`,
    options: [{ value: `A${index}` }, { value: `B${index}` }],
  })),
];
const FIRST_CHOICES = ['Concise', ...QUESTIONS.slice(1).map((question) => question.options[0]!.value)];

/** The server's voice of agent-1, kept as the real one keeps it: every save and revert is a new version. */
function savedVoice(server: FakeServer) {
  const versions: { version: number; voice: OwnerVoice; createdAt: string }[] = [
    {
      version: 1,
      voice: { choices: FIRST_CHOICES, aboutMe: '', avoidTopics: [], phrases: [] },
      createdAt: '2026-11-01T10:00:00.000Z',
    },
  ];
  const answer = (): OwnerVoiceResponse => ({
    agentId: 'agent-1',
    version: versions[0]!.version,
    voice: versions[0]!.voice,
    characteristics: QUESTIONS,
    castsKnown: 40,
    learnedAt: null,
  });
  const add = (voice: OwnerVoice) =>
    versions.unshift({ version: versions[0]!.version + 1, voice, createdAt: new Date().toISOString() });
  server.on(`GET ${VOICE}`, () => json(answer()));
  server.on(`GET ${VOICE}/versions`, () => json({ agentId: 'agent-1', versions }));
  server.on(`PUT ${VOICE}`, (call: { body: OwnerVoice }) => {
    if (call.body.aboutMe.length > 160)
      return errorReply('about me must be at most 160 characters', 400, 'invalid_request');
    add(call.body);
    return json(answer());
  });
  server.on(`POST ${VOICE}/revert`, (call: { body: { version: number } }) => {
    add(versions.find((version) => version.version === call.body.version)!.voice);
    return json(answer());
  });
  return versions;
}

function openYou(configure: (server: FakeServer) => void, agents = withTwin()) {
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', agents);
  configure(server);
  return { ...renderApp({ path: '/you', server }), server };
}

describe('/you, "Your twin": its owner edits the voice, reverts it and refreshes it from their casts', () => {
  it('is reached from the navigation by an owner only', async () => {
    openYou((server) => savedVoice(server));
    const nav = await screen.findByRole('navigation', { name: 'Screens' });
    expect(await within(nav).findByRole('link', { name: 'Your twin' })).toBeTruthy();
  });

  it("links to it from the twin's page for its owner, and not for a visitor", async () => {
    const openTwinPage = (fid: number, agents: unknown) => {
      host.context = Promise.resolve(userContext(fid));
      const server = createFakeServer();
      server.on(`GET /doppelganger/agents/${fid}`, agents);
      server.on('GET /doppelganger/agents', directory([makeAgent()]));
      return renderApp({ path: '/agent/agent-1', server });
    };
    const owner = openTwinPage(42, withTwin());
    expect((await screen.findByRole('link', { name: 'Edit its voice' })).getAttribute('href')).toBe('/you');
    owner.unmount();
    openTwinPage(77, noTwin());
    expect(await screen.findByPlaceholderText(/message/i)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit its voice' })).toBeNull();
  });

  it('links its owner to what the twin remembers, its wallet and its activity, each of which leads back', async () => {
    const { server } = openYou((fake) => savedVoice(fake));
    server.on('GET /doppelganger/people-memory/agent-1', () => json({ agentId: 'agent-1', people: [] }));
    const screens = await screen.findByRole('navigation', { name: 'More about your twin' });
    const links = within(screens)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['What it remembers', '/you/people'],
      ['Its wallet', '/you/wallet'],
      ['Activity', '/you/activity'],
    ]);
    // Each screen leads back (the wallet's and activity's answers do not matter here: refused).
    server.on('GET /doppelganger/wallet/agent-1', errorReply('not now', 503, 'chain_unavailable'));
    server.on('GET /doppelganger/activity/agent-1', errorReply('not now', 503, 'unavailable'));
    for (const [name, title] of [
      ['What it remembers', 'People it remembers'],
      ['Its wallet', "Your twin's wallet"],
      ['Activity', 'Activity'],
    ] as const) {
      const nav = await screen.findByRole('navigation', { name: 'More about your twin' });
      await userEvent.click(within(nav).getByRole('link', { name }));
      await screen.findByRole('heading', { level: 1, name: title });
      await userEvent.click(screen.getByRole('link', { name: 'Back to your twin' }));
      await screen.findByRole('heading', { level: 1, name: 'Your twin' });
    }
  });

  it('shows no "Your twin" tab to someone without a twin', async () => {
    openYou(() => {}, noTwin());
    expect(await screen.findByText("You don't have a Fartwin yet.")).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Screens' });
    expect(within(nav).queryByRole('link', { name: 'Your twin' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'More about your twin' })).toBeNull();
  });

  it('saves a changed characteristic and an avoided topic as a new version, then reverts to the first', async () => {
    const user = userEvent.setup();
    let versions: ReturnType<typeof savedVoice> = [];
    const { server } = openYou((server) => {
      versions = savedVoice(server);
    });
    const verbose = await screen.findByRole('button', { name: 'Verbose' });
    expect(screen.getByRole('button', { name: 'Concise' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(verbose);
    expect(verbose.getAttribute('aria-pressed')).toBe('true');
    await user.type(screen.getByLabelText(/Topics to avoid/), 'politics{enter}ramen');
    await user.click(screen.getByRole('button', { name: 'Save voice' }));
    expect(await screen.findByText('Saved. Your twin’s next reply uses it.')).toBeTruthy();
    expect(server.callsTo(`PUT ${VOICE}`).map((call) => call.body)).toEqual([
      { choices: ['Verbose', ...FIRST_CHOICES.slice(1)], aboutMe: '', avoidTopics: ['politics', 'ramen'], phrases: [] },
    ]);
    expect(await screen.findByText(/^Version 2 ·/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Revert to this (version 1)' }));
    expect(await screen.findByText('Back to version 1.')).toBeTruthy();
    expect(server.callsTo(`POST ${VOICE}/revert`).map((call) => call.body)).toEqual([{ version: 1 }]);
    expect(versions[0]!.voice.choices).toEqual(FIRST_CHOICES);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Concise' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect((screen.getByLabelText(/Topics to avoid/) as HTMLTextAreaElement).value).toBe('');
  });

  it("shows the server's error for a field past its limit, and keeps what was typed", async () => {
    const user = userEvent.setup();
    openYou((server) => savedVoice(server));
    const aboutMe = (await screen.findByLabelText(/About me/)) as HTMLInputElement;
    await user.click(aboutMe);
    await user.paste('x'.repeat(161));
    await user.click(screen.getByRole('button', { name: 'Save voice' }));
    expect(await screen.findByText('Not saved: about me must be at most 160 characters')).toBeTruthy();
    expect(aboutMe.value).toHaveLength(161);
  });

  it('"Refresh from my casts" shows its progress, then how many new casts it learned', async () => {
    const user = userEvent.setup();
    let release: (() => void) | null = null;
    openYou((server) => {
      savedVoice(server);
      const learned: CastLearningResponse = {
        agentId: 'agent-1',
        learned: 3,
        castsKnown: 43,
        learnedAt: '2026-11-25T10:00:00.000Z',
      };
      server.on(
        `POST ${VOICE}/learn`,
        () => new Promise<Response>((resolve) => (release = () => resolve(json(learned)))),
      );
    });
    await user.click(await screen.findByRole('button', { name: 'Refresh from my casts' }));
    expect(await screen.findByRole('button', { name: 'Reading your recent casts…' })).toBeTruthy();
    await waitFor(() => expect(release).not.toBeNull());
    release!();
    expect(await screen.findByText('3 new casts learned')).toBeTruthy();
  });
});
