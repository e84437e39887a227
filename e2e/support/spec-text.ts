/**
 * The required user-facing texts the journeys look for, copied letter by letter (not imported
 * from the mini-app, so a wrong string in the app fails a journey).
 */
export const spec = {
  sup: 'sup',
  noTwinYet: "You don't have a Fartwin yet. Let's create one.",
  deploy: 'Deploy',
  startAgain: 'Start Again',
  quoteCastIt: 'Quote Cast It',
  quoteCastText: (name: string) => `welcome to farcaster, @${name}`,
  placeholder: 'Type your message...',
  send: 'Send',
  backToAgents: 'Back to Agents Directory',
  deadCountdown: '00:00:00:00',
  transactionSubmitted:
    /^Transaction is being processed\. The hash is 0x[0-9a-f]{64}\.\.\. Wait a while for confirmation\.\.\.$/,
  usdcApproved: 'USDC spending approved! Now you can buy a battery pack for 1 USDC.',
  transactionConfirmed: 'Transaction confirmed! Now installing the battery...',
  batteryInstalled:
    "Battery installation complete! I'm back online and will live for 7 more days. How can I help you today?",
  approveError: (message: string) => `There was an error allowing USDC spending: ${message}`,
  purchaseError: (message: string) => `Sorry, there was an error during the battery purchase: ${message}`,
  buttonError: (message: string) => `Error: ${message}`,
  frameInitError: 'Failed to initialize Farcaster connection',
  noAgents: 'No agents available at the moment.',
  deployComposeText: 'hey, @ajaxbot, i want to deploy the following agent: ',
  leaderboard: 'Leaderboard',
  agentActions: 'Agent Actions',
  somethingWentWrong: 'Something went wrong',
} as const;

/**
 * The wallet errors' texts by the code the wallet answers with. The provider codes' texts are the
 * EIP-1193 errors the frame SDK raises for them.
 */
export const walletErrors = {
  4001: 'The user rejected the request.',
  4100: 'The requested method and/or account has not been authorized by the user.',
  4200: 'The provider does not support the requested method.',
  4900: 'The provider is disconnected from all chains.',
  4901: 'The provider is not connected to the requested chain.',
  '-32000': 'Missing or invalid parameters.',
  '-32001': 'Requested resource not found.',
  '-32002': 'Requested resource not available.',
  '-32003': 'Transaction creation failed.',
  '-32004': 'Method is not implemented.',
  '-32005': 'Rate limit exceeded.',
  '-32006': 'JSON-RPC version not supported.',
  '-32600': 'Input is not a valid JSON-RPC request.',
  '-32601': 'Method does not exist.',
  '-32602': 'Invalid method parameters.',
  '-32603': 'Internal JSON-RPC error.',
  '-32700': 'Failed to parse JSON-RPC response.',
} as const;

/** The /info switches: labels, defaults and texts. */
export const agentActionToggles = [
  { label: 'Reply on farcaster', on: true, text: 'Every time it is tagged the agent will reply.' },
  { label: 'Reply to DCs', on: true, text: 'Active on the warpcast direct messages.' },
  { label: 'Content Writer', on: false, text: 'Publish two pieces of content every day, at random moments.' },
  { label: 'Notifications', on: false, text: 'Notifies you twice every day.' },
] as const;
