import { expect, test } from '@playwright/test';
import { ensureLifeLeft } from '../support/chain.ts';
import { chatScreen } from '../support/chat.ts';
import { openAs, screenshots } from '../support/devhost.ts';
import { agentPath, appPath } from '../support/journeys.ts';
import { spec } from '../support/spec-text.ts';
import { users } from '../support/stack.ts';
import { twinOf } from '../support/twins.ts';

test("the client's back control and haptics where the client has them; nothing lost where it has not", async ({
  page,
}, testInfo) => {
  const twin = await twinOf(users.walletErrors);
  await ensureLifeLeft(twin.agentId);
  const shot = screenshots(page, testInfo);
  const panel = page.getByTestId('capabilities-panel');
  const clientBack = panel.getByTestId('client-back');
  const hostCalls = (method: string) => page.getByTestId('host-log').locator(`li[data-method="${method}"]`);

  // The dev host reports back and haptics: the app shows the client's back control once there is
  // an in-app screen to return to, and it goes back through the app's router.
  const app = await openAs(page, users.visitor, '/agents');
  await expect(clientBack).toBeDisabled();
  await app.locator(`a[href="${agentPath(twin.agentId)}"]`).click();
  await expect(app.locator('.twin-header')).toContainText(`@${twin.farcasterClient.username}`);
  await expect(clientBack).toBeEnabled();

  // A message sent: a light impact.
  await chatScreen(app).send('hi there');
  await expect(panel.getByTestId('client-haptic')).toHaveText('Haptic: impact: light');
  await shot('back-shown-haptic-felt');

  await clientBack.click();
  await expect.poll(() => appPath(page)).toBe('/agents');
  await expect(clientBack).toBeDisabled();

  // A client without them: switched off, the app starts again and never asks for either.
  await panel.getByRole('checkbox', { name: 'Back control (back)' }).uncheck();
  await panel.getByRole('checkbox', { name: 'Haptics' }).uncheck();
  await expect(hostCalls('ready')).toHaveCount(4);
  const again = page.frameLocator('iframe');
  await again.locator(`a[href="${agentPath(twin.agentId)}"]`).click();
  await chatScreen(again).send('hi again');
  await expect(clientBack).toBeDisabled();
  // The in-app link still goes back.
  await again.getByRole('link', { name: spec.backToAgents }).click();
  await expect.poll(() => appPath(page)).toBe('/agents');
  const lastReady = await hostCalls('ready')
    .last()
    .evaluate((item) => {
      const items = [...(item.parentElement?.children ?? [])];
      return items.slice(items.indexOf(item)).map((call) => call.getAttribute('data-method'));
    });
  expect(lastReady).toContain('getCapabilities');
  expect(lastReady).not.toContain('updateBackState');
  expect(lastReady).not.toContain('impactOccurred');
  await shot('client-without-back-and-haptics');
});
