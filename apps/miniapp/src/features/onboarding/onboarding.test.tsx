import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { strings } from '../../lib/strings.ts';
import { createFakeServer, errorReply, json, noTwin, questions, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, sdk, userContext } from '../../test/sdk-double.ts';
import { OnboardingChat } from './components/OnboardingChat.tsx';
import { canDeploy } from './hooks/onboarding-state.ts';

const messages = () => screen.getAllByRole('listitem').map((item) => item.textContent);

async function answerAll() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Introvert' }));
  await user.click(await screen.findByRole('button', { name: 'Silly' }));
  return user;
}

function startOnboarding(configure?: (server: ReturnType<typeof createFakeServer>) => void) {
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', noTwin());
  configure?.(server);
  return renderApp({ server });
}

describe('main screen', () => {
  it('shows the pulsing loading animation while the frame context is missing', async () => {
    host.context = new Promise(() => {});
    renderApp();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('a user with a twin gets the twin chat, not the questions', async () => {
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', withTwin());
    renderApp({ server });
    expect(await screen.findByPlaceholderText(strings.messagePlaceholder)).toBeTruthy();
    expect(screen.queryByText(strings.noTwinYet)).toBeNull();
  });
});

describe('onboarding chat', () => {
  it('opens with "sup", the no-twin message and the first question with its option buttons', async () => {
    startOnboarding();
    expect(await screen.findByText('sup')).toBeTruthy();
    expect(screen.getByText("You don't have a Fartwin yet. Let's create one.")).toBeTruthy();
    expect(screen.getByText(questions[0]!.description)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Introvert' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Extrovert' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: strings.deployButton })).toBeNull();
  });

  it('advances through the questions, then explains and offers Deploy and Start Again', async () => {
    startOnboarding();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Extrovert' }));
    expect(screen.getByText(questions[1]!.description)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dry' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dry' }));
    expect(screen.getByText(strings.deployExplanation)).toBeTruthy();
    for (const step of ['create a wallet', 'create its Farcaster account', 'deploy its token', 'cast', 'quote cast']) {
      expect(strings.deployExplanation).toContain(step);
    }
    expect(screen.getByRole('button', { name: 'Deploy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Again' })).toBeTruthy();
    expect(messages()).toContain('Extrovert');
    expect(messages()).toContain('Dry');
  });

  it('Start Again resets the chat, the index and the choices', async () => {
    startOnboarding();
    const user = await answerAll();
    await user.click(screen.getByRole('button', { name: 'Start Again' }));
    expect(messages()).toEqual(['sup', strings.noTwinYet, questions[0]!.description]);
    expect(screen.getByRole('button', { name: 'Introvert' })).toBeTruthy();
  });

  it('deploys the choices with the Quick Auth token and shows "Quote Cast It"', async () => {
    const { server } = startOnboarding((s) =>
      s.on('POST /doppelganger/deploy/42', { agentId: 'agent-9', welcomeCastHash: '0xabc', name: 'alice-twin' }),
    );
    const user = await answerAll();
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    const quote = await screen.findByRole('button', { name: 'Quote Cast It' });
    const [deploy] = server.callsTo('POST /doppelganger/deploy/42');
    expect(deploy?.body).toEqual({ choices: ['Introvert', 'Silly'] });
    expect(deploy?.headers.get('authorization')).toBe('Bearer test-token');
    expect(sdk.quickAuth.getToken).toHaveBeenCalledWith({ quickAuthServerOrigin: 'http://app.test' });
    expect(screen.queryByRole('button', { name: 'Deploy' })).toBeNull();

    await user.click(quote);
    expect(sdk.actions.composeCast).toHaveBeenCalledWith({
      text: 'welcome to farcaster, @alice-twin',
      embeds: ['https://farcaster.xyz/alice-twin/0xabc'],
    });
  });

  it('shows each pipeline step as it completes while the deploy is in flight', async () => {
    let finish: (response: Response) => void = () => {};
    startOnboarding((s) => {
      s.on('POST /doppelganger/deploy/42', () => new Promise<Response>((resolve) => (finish = resolve)));
      s.on('GET /doppelganger/deploy/42/progress', {
        state: 'running',
        steps: [
          { name: 'wallet', label: 'Wallet created', status: 'done' },
          { name: 'social-account', label: 'Farcaster account', status: 'running' },
          { name: 'token', label: 'Token', status: 'pending' },
        ],
      });
    });
    const user = await answerAll();
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    const steps = await screen.findByRole('list', { name: strings.deployStepsTitle });
    expect(within(steps).getByText('Wallet created')).toBeTruthy();
    expect(within(steps).queryByText('Token')).toBeNull();
    expect((screen.getByRole('button', { name: 'Deploy' }) as HTMLButtonElement).disabled).toBe(true);
    finish(json({ agentId: 'agent-9', name: 'alice-twin' }));
    expect(await screen.findByRole('button', { name: 'Quote Cast It' })).toBeTruthy();
  });

  it('once deployed, shows every step done, even when the pipeline finished between two polls', async () => {
    let polls = 0;
    const steps = (status: 'pending' | 'done') =>
      (['wallet', 'social-account', 'token'] as const).map((name) => ({ name, label: `Step ${name}`, status }));
    startOnboarding((s) => {
      s.on('POST /doppelganger/deploy/42', { agentId: 'agent-9', name: 'alice-twin' });
      s.on('GET /doppelganger/deploy/42/progress', () => {
        polls += 1;
        return json(
          polls === 1 ? { state: 'none', steps: steps('pending') } : { state: 'completed', steps: steps('done') },
        );
      });
    });
    const user = await answerAll();
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    expect(await screen.findByRole('button', { name: 'Quote Cast It' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: strings.deployStepsTitle });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-status'))).toEqual(['done', 'done', 'done']);
  });

  it('tolerates a server without the progress endpoint (404)', async () => {
    startOnboarding((s) => s.on('POST /doppelganger/deploy/42', { agentId: 'agent-9', name: 'alice-twin' }));
    const user = await answerAll();
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    expect(await screen.findByText(strings.deploySucceeded)).toBeTruthy();
  });

  it.each([
    ['server error field', { error: 'wallet service down' }, 'Deployment failed: wallet service down', true],
    ['action NONE with text', { action: 'NONE', text: 'You already have one.' }, 'You already have one.', false],
    ['action NONE without text', { action: 'NONE' }, 'Cannot deploy FarTwin at this time.', false],
    ['metadata.errorType with text', { metadata: { errorType: 'x' }, text: 'Token failed.' }, 'Token failed.', true],
    ['metadata.errorType without text', { metadata: { errorType: 'x' } }, 'Error deploying FarTwin.', true],
  ])('deploy error: %s', async (_name, response, message, buttonsStay) => {
    startOnboarding((s) => s.on('POST /doppelganger/deploy/42', response));
    const user = await answerAll();
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(Boolean(screen.queryByRole('button', { name: 'Deploy' }))).toBe(buttonsStay);
    expect(Boolean(screen.queryByRole('button', { name: 'Start Again' }))).toBe(buttonsStay);
  });

  it('an HTTP error answer shows "Deployment failed: {message}"', async () => {
    startOnboarding((s) => s.on('POST /doppelganger/deploy/42', () => errorReply('fid mismatch', 403, 'forbidden')));
    const user = await answerAll();
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    expect(await screen.findByText('Deployment failed: fid mismatch')).toBeTruthy();
  });
});

describe('deploy rule', () => {
  it('needs an fid and as many choices as questions', () => {
    expect(canDeploy(42, ['a', 'b'], questions)).toBe(true);
    expect(canDeploy(null, ['a', 'b'], questions)).toBe(false);
    expect(canDeploy(42, ['a'], questions)).toBe(false);
  });

  it('without an fid, Deploy says the conditions are invalid and calls no server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OnboardingChat fid={null} questions={questions} />
      </QueryClientProvider>,
    );
    const user = await answerAll();
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    expect(screen.getByText('Deployment conditions are invalid. Aborting deployment.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('deploy answering action NONE', () => {
  it('keeps Deploy and Start Again hidden but leads on: "Chat with your Fartwin" opens the twin', async () => {
    let hasTwin = false;
    startOnboarding((s) => {
      s.on('GET /doppelganger/agents/42', () => json(hasTwin ? withTwin() : noTwin()));
      s.on('POST /doppelganger/deploy/42', () => {
        hasTwin = true;
        return json({ action: 'NONE', text: 'You already have a Fartwin. Chat with it on the main screen.' });
      });
    });
    const user = await answerAll();
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    expect(await screen.findByText('You already have a Fartwin. Chat with it on the main screen.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deploy' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start Again' })).toBeNull();
    await user.click(screen.getByRole('button', { name: strings.chatWithTwinButton }));
    expect(await screen.findByPlaceholderText(strings.messagePlaceholder)).toBeTruthy();
  });
});
