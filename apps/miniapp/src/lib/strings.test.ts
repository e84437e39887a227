import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME, strings } from './strings.ts';

/** Every string SPEC.md gives, letter by letter. */
describe('SPEC strings', () => {
  it.each([
    ['frameInitError', strings.frameInitError, 'Failed to initialize Farcaster connection'],
    ['missingProvider', strings.missingProvider, '`provider` is undefined.'],
    ['somethingWentWrong', strings.somethingWentWrong, 'Something went wrong'],
    ['sup', strings.sup, 'sup'],
    ['noTwinYet', strings.noTwinYet, "You don't have a Fartwin yet. Let's create one."],
    ['deployButton', strings.deployButton, 'Deploy'],
    ['startAgainButton', strings.startAgainButton, 'Start Again'],
    ['quoteCastButton', strings.quoteCastButton, 'Quote Cast It'],
    ['quoteCastText', strings.quoteCastText('bob'), 'welcome to farcaster, @bob'],
    [
      'deployConditionsInvalid',
      strings.deployConditionsInvalid,
      'Deployment conditions are invalid. Aborting deployment.',
    ],
    ['deployFailed', strings.deployFailed('x'), 'Deployment failed: x'],
    ['cannotDeploy', strings.cannotDeploy, 'Cannot deploy FarTwin at this time.'],
    ['deployError', strings.deployError, 'Error deploying FarTwin.'],
    ['messagePlaceholder', strings.messagePlaceholder, 'Type your message...'],
    ['sendButton', strings.sendButton, 'Send'],
    ['backToAgents', strings.backToAgents, 'Back to Agents Directory'],
    ['unknownError', strings.unknownError, 'Unknown error'],
    ['agentIsDead', strings.agentIsDead, 'Agent is dead.'],
    ['transactionFailed', strings.transactionFailed, 'Transaction failed'],
    ['buttonError', strings.buttonError('m'), 'Error: m'],
    [
      'transactionSubmitted',
      strings.transactionSubmitted('0xabc'),
      'Transaction is being processed. The hash is 0xabc... Wait a while for confirmation...',
    ],
    ['usdcApproved', strings.usdcApproved, 'USDC spending approved! Now you can buy a battery pack for 1 USDC.'],
    ['transactionConfirmed', strings.transactionConfirmed, 'Transaction confirmed! Now installing the battery...'],
    [
      'batteryInstalled',
      strings.batteryInstalled,
      "Battery installation complete! I'm back online and will live for 7 more days. How can I help you today?",
    ],
    ['approveError', strings.approveError('m'), 'There was an error allowing USDC spending: m'],
    ['purchaseError', strings.purchaseError('m'), 'Sorry, there was an error during the battery purchase: m'],
    ['transactionError', strings.transactionError('m'), 'There was an error during the transaction: m'],
    ['installError', strings.installError, 'There was an error installing the battery. Please try again.'],
    ['noAgents', strings.noAgents, 'No agents available at the moment.'],
    ['deployComposeText', strings.deployComposeText, 'hey, @ajaxbot, i want to deploy the following agent: '],
    ['hoursAgo', strings.hoursAgo(5), '5h ago'],
    ['leaderboardTitle', strings.leaderboardTitle, 'Leaderboard'],
    ['agentActionsTitle', strings.agentActionsTitle, 'Agent Actions'],
    ['howItWorksTitle', strings.howItWorksTitle, 'How Fartwin Works'],
  ])('%s', (_key, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('the dead-twin helper message says why, the price, and that anyone can pay', () => {
    expect(strings.deadTwin).toMatch(/battery ran out/);
    expect(strings.deadTwin).toMatch(/1 USDC/);
    expect(strings.deadTwin).toMatch(/anyone can pay/);
    expect(PRODUCT_NAME).toBe('Fartwin');
  });
});
