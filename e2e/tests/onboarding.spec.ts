import { expect, test } from '@playwright/test';
import { chatScreen } from '../support/chat.ts';
import { openAs, screenshots } from '../support/devhost.ts';
import { spec } from '../support/spec-text.ts';
import { users } from '../support/stack.ts';
import { agentsOf } from '../support/twins.ts';

test('a new user answers the questions, deploys a twin, and quote casts its welcome cast', async ({
  page,
}, testInfo) => {
  const fid = users.newcomer;
  const { agents, characteristics = [] } = await agentsOf(fid);
  expect(agents, `fid ${fid} starts without a twin`).toEqual([]);
  expect(characteristics).toHaveLength(8);
  const shot = screenshots(page, testInfo);

  const app = await openAs(page, fid);
  const chat = chatScreen(app);
  const ajax = chat.from('ajax');
  const answerAll = async (round: string) => {
    for (const [index, question] of characteristics.entries()) {
      await expect(ajax.last()).toHaveText(question.description);
      const options = app.locator('.chat-actions').getByRole('button');
      await expect(options).toHaveText(question.options.map((option) => option.value));
      if (index === 0) await shot(`first-question-${round}`);
      // Alternate the poles, so the answers are not all the first option.
      await options.nth(index % question.options.length).click();
    }
  };

  await expect(ajax.nth(0)).toHaveText(spec.sup);
  await expect(ajax.nth(1)).toHaveText(spec.noTwinYet);
  await answerAll('first-time');

  // The explanation of what deploying does, then Deploy and Start Again.
  const explanation = ajax.last();
  for (const step of [/wallet/i, /account/i, /token/i, /cast/i, /quote cast/i])
    await expect(explanation).toHaveText(step);
  await expect(chat.from('user')).toHaveCount(8);
  const deploy = app.getByRole('button', { name: spec.deploy, exact: true });
  const startAgain = app.getByRole('button', { name: spec.startAgain });
  await expect(deploy).toBeEnabled();
  await shot('explanation');

  // Start Again resets the chat, the question index and the choices.
  await startAgain.click();
  await expect(chat.messages).toHaveCount(3);
  await expect(chat.from('user')).toHaveCount(0);
  await expect(deploy).toBeHidden();
  await answerAll('again');

  await deploy.click();
  // Each pipeline step is shown as it completes; at the end all are done.
  const steps = app.getByRole('list', { name: 'Deployment steps' }).getByRole('listitem');
  await expect(steps.first()).toBeVisible();
  await shot('deploying');
  const quoteCast = app.getByRole('button', { name: spec.quoteCastIt });
  await expect(quoteCast).toBeVisible({ timeout: 60_000 });
  await expect(steps).toHaveText([/wallet/i, /social account/i, /token/i, /battery/i, /listen for tags/i, /welcome/i]);
  for (const step of await steps.all()) await expect(step).toHaveAttribute('data-status', 'done');
  await expect(deploy).toBeHidden();

  const [twin] = (await agentsOf(fid)).agents;
  if (!twin) throw new Error(`fid ${fid} has no twin after the deploy succeeded`);
  const name = twin.farcasterClient.username;
  await expect(ajax.last()).toContainText(`@${name}`);
  await shot('deployed');

  // Quote Cast It opens the host's composer with the welcome text and the welcome cast embedded;
  // casting publishes it to the local network's feed.
  await quoteCast.click();
  const compose = page.getByTestId('compose-sheet');
  await expect(compose).toBeVisible();
  await expect(compose.getByRole('textbox')).toHaveValue(spec.quoteCastText(name));
  const embedded = compose.locator('[data-embed-cast]');
  await expect(embedded).toContainText(`@${name}`);
  const welcomeHash = await embedded.getAttribute('data-embed-cast');
  await shot('compose-quote-cast');
  await compose.getByRole('button', { name: 'Cast', exact: true }).click();
  await expect(compose).toBeHidden();
  const feed = page.getByTestId('feed');
  const quote = feed.locator('li[data-cast-hash]', { hasText: spec.quoteCastText(name) });
  await expect(quote).toHaveCount(1);
  await expect(quote.locator(`[data-embed-cast="${welcomeHash}"]`)).toContainText(`@${name}`);
  // The quoted cast is the twin's own welcome cast, in the feed too.
  await expect(feed.locator(`li[data-cast-hash="${welcomeHash}"]`)).toContainText(`@${name}`);
  await shot('feed-with-quote-cast');

  // Then the twin chat, with its battery full.
  await app.getByRole('button', { name: /chat with your fartwin/i }).click();
  await expect(chat.countdown).toHaveText(/^(06:23:5\d|07:00:00):\d\d$/);
  await expect(chat.input).toBeVisible();
  await shot('twin-chat');
});
