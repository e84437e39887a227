import { describe, expect, it } from 'vitest';
import {
  PRODUCT_NAME,
  strings,
  twinLinkStrings,
  unknownProviderError,
  walletErrorTexts,
  webModeStrings,
} from './strings.ts';

/** Every fixed user-facing string, letter by letter. */
describe('user-facing strings', () => {
  /** Fixed strings: the key, then the required text. */
  const fixed = {
    frameInitError: 'Failed to initialize Farcaster connection',
    missingProvider: '`provider` is undefined.',
    somethingWentWrong: 'Something went wrong',
    sup: 'sup',
    noTwinYet: "You don't have a Fartwin yet. Let's create one.",
    deployButton: 'Deploy',
    startAgainButton: 'Start Again',
    quoteCastButton: 'Quote Cast It',
    deployConditionsInvalid: 'Deployment conditions are invalid. Aborting deployment.',
    cannotDeploy: 'Cannot deploy FarTwin at this time.',
    deployError: 'Error deploying FarTwin.',
    messagePlaceholder: 'Type your message...',
    sendButton: 'Send',
    backToAgents: 'Back to Agents Directory',
    unknownError: 'Unknown error',
    agentIsDead: 'Agent is dead.',
    transactionFailed: 'Transaction failed',
    usdcApproved: 'USDC spending approved! Now you can buy a battery pack for 1 USDC.',
    transactionConfirmed: 'Transaction confirmed! Now installing the battery...',
    batteryInstalled:
      "Battery installation complete! I'm back online and will live for 7 more days. How can I help you today?",
    installError: 'There was an error installing the battery. Please try again.',
    noAgents: 'No agents available at the moment.',
    deployComposeText: 'hey, @ajaxbot, i want to deploy the following agent: ',
    leaderboardTitle: 'Leaderboard',
    agentActionsTitle: 'Agent Actions',
    howItWorksTitle: 'How Fartwin Works',
  } satisfies Partial<Record<keyof typeof strings, string>>;

  /** Strings built from a value: the key, the built string, then the required text. */
  const built: [string, string, string][] = [
    ['quoteCastText', strings.quoteCastText('bob'), 'welcome to farcaster, @bob'],
    ['deployFailed', strings.deployFailed('x'), 'Deployment failed: x'],
    ['buttonError', strings.buttonError('m'), 'Error: m'],
    [
      'transactionSubmitted',
      strings.transactionSubmitted('0xabc'),
      'Transaction is being processed. The hash is 0xabc... Wait a while for confirmation...',
    ],
    ['approveError', strings.approveError('m'), 'There was an error allowing USDC spending: m'],
    ['purchaseError', strings.purchaseError('m'), 'Sorry, there was an error during the battery purchase: m'],
    ['transactionError', strings.transactionError('m'), 'There was an error during the transaction: m'],
    ['hoursAgo', strings.hoursAgo(5), '5h ago'],
  ];

  it.each([
    ...Object.entries(fixed).map(([key, expected]) => [key, strings[key as keyof typeof fixed], expected]),
    ...built,
  ])('%s', (_key, actual, expected) => {
    expect(actual).toBe(expected);
  });

  // The Base App and a browser show these; they must read right in any client, so none names one.
  it('the sentences shown outside a Farcaster client name no client', () => {
    const shares = twinLinkStrings.shareText;
    const shown = [
      strings.notInFrame,
      ...Object.values(webModeStrings).map((text) => (typeof text === 'function' ? text('0xabc') : text)),
      shares.ownAlive,
      shares.ownDead,
      shares.visitorAlive('Alice Twin'),
      shares.visitorDead('Alice Twin'),
    ];
    for (const text of shown) expect(text).not.toMatch(/farcaster client|base app|warpcast|mini ?app/i);
  });

  it('the wallet errors, by code', () => {
    const byCode = Object.entries(walletErrorTexts).map(([code, text]) => `${code} ${text}`);
    expect(byCode).toEqual([
      '4001 The user rejected the request.',
      '4100 The requested method and/or account has not been authorized by the user.',
      '4200 The provider does not support the requested method.',
      '4900 The provider is disconnected from all chains.',
      '4901 The provider is not connected to the requested chain.',
      '-32000 Missing or invalid parameters.',
      '-32001 Requested resource not found.',
      '-32002 Requested resource not available.',
      '-32003 Transaction creation failed.',
      '-32004 Method is not implemented.',
      '-32005 Rate limit exceeded.',
      '-32006 JSON-RPC version not supported.',
      '-32600 Input is not a valid JSON-RPC request.',
      '-32601 Method does not exist.',
      '-32602 Invalid method parameters.',
      '-32603 Internal JSON-RPC error.',
      '-32700 Failed to parse JSON-RPC response.',
    ]);
    expect(unknownProviderError).toBe('Unknown provider RPC error');
  });

  it('the dead-twin helper message says why, the price, and that anyone can pay', () => {
    expect(strings.deadTwin).toMatch(/battery ran out/);
    expect(strings.deadTwin).toMatch(/1 USDC/);
    expect(strings.deadTwin).toMatch(/anyone can pay/);
    expect(PRODUCT_NAME).toBe('Fartwin');
  });
});
