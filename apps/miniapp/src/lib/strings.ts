/**
 * Every fixed user-facing string, in one place, so a table-driven test can check them letter
 * by letter. Functions build the strings that carry a value.
 */
export const PRODUCT_NAME = 'Fartwin';

export const strings = {
  // start-up
  frameInitError: 'Failed to initialize Farcaster connection',
  missingProvider: '`provider` is undefined.',
  // error boundary
  somethingWentWrong: 'Something went wrong',
  // onboarding
  sup: 'sup',
  noTwinYet: "You don't have a Fartwin yet. Let's create one.",
  deployExplanation:
    "That's all I need. When you deploy, I will: create a wallet for your Fartwin, create its Farcaster account, deploy its token, and have it cast its first message. Then you can quote cast it to welcome it.",
  deployButton: 'Deploy',
  startAgainButton: 'Start Again',
  quoteCastButton: 'Quote Cast It',
  deploying: 'Deploying your Fartwin...',
  deploySucceeded: 'Your Fartwin is alive! Quote cast its first cast to welcome it.',
  chatWithTwinButton: 'Chat with your Fartwin',
  quoteCastText: (name: string) => `welcome to farcaster, @${name}`,
  // deploy rule, deploy errors
  deployConditionsInvalid: 'Deployment conditions are invalid. Aborting deployment.',
  deployFailed: (message: string) => `Deployment failed: ${message}`,
  cannotDeploy: 'Cannot deploy FarTwin at this time.',
  deployError: 'Error deploying FarTwin.',
  // chat
  messagePlaceholder: 'Type your message...',
  sendButton: 'Send',
  backToAgents: 'Back to Agents Directory',
  offlineMode: 'offline mode',
  // The chat's heading while it has no twin to name.
  chatTitle: 'Chat',
  // The scrolling list of a chat's messages, as assistive technology names it.
  messagesLabel: (name: string | null) => (name ? `Messages with ${name}` : 'Messages'),
  // Said once above the chat (not under every reply) when a reply came from the echo engine.
  offlineModeNote:
    "Offline mode: no AI model is connected, so replies are written from the twin's own casts and personality choices.",
  emptyChat: 'Say something to your Fartwin.',
  emptyChatVisitor: 'Say something to this Fartwin.',
  /** Told to someone chatting with another person's twin, before their first message and after. */
  ownerReadsChat: 'Its owner can read what you say here: the twin remembers your chat for them.',
  tryAgain: 'Try again',
  // Shown where a host gave no user: words that fit any client (a Farcaster client, the Base App) and a browser.
  notInFrame: `${PRODUCT_NAME} could not tell who you are here. Open it in an app that signs you in, or in a web browser to sign in with your wallet.`,
  // chat errors
  unknownError: 'Unknown error',
  // dead twin and revival
  deadTwin:
    "Your Fartwin can't respond because its battery ran out. A new battery costs 1 USDC, and anyone can pay for it.",
  // The same for someone else's twin (a visitor is not its owner).
  deadTwinVisitor:
    "This Fartwin can't respond because its battery ran out. A new battery costs 1 USDC, and anyone can pay for it.",
  // The empty battery, explained under the header, with the way to revive the twin.
  batteryRanOut:
    "Your Fartwin's battery ran out, so it can't reply. A new battery costs 1 USDC and gives it 7 more days.",
  batteryRanOutVisitor:
    "This Fartwin's battery ran out, so it can't reply. Anyone can give it a new battery: 1 USDC for 7 more days.",
  offerRevival: 'Get a new battery',
  agentIsDead: 'Agent is dead.',
  allowButton: 'Allow 1 USDC spending',
  buyButton: 'Buy battery pack (1 USDC)',
  pending: 'Confirm in your wallet...',
  confirming: 'Confirming...',
  approved: 'USDC approved',
  transactionFailed: 'Transaction failed',
  buttonError: (message: string) => `Error: ${message}`,
  transactionSubmitted: (hash: string) =>
    `Transaction is being processed. The hash is ${hash}... Wait a while for confirmation...`,
  usdcApproved: 'USDC spending approved! Now you can buy a battery pack for 1 USDC.',
  transactionConfirmed: 'Transaction confirmed! Now installing the battery...',
  batteryInstalled:
    "Battery installation complete! I'm back online and will live for 7 more days. How can I help you today?",
  approveError: (message: string) => `There was an error allowing USDC spending: ${message}`,
  purchaseError: (message: string) => `Sorry, there was an error during the battery purchase: ${message}`,
  transactionError: (message: string) => `There was an error during the transaction: ${message}`,
  installError: 'There was an error installing the battery. Please try again.',
  contractsUnavailable: 'Battery payments are not available on this network yet.',
  // After a purchase that went through, the new expiry could not be read yet: a retry would fail (the
  // allowance is spent), so the chain is read again instead of asking the user to try again.
  installPending:
    'The battery was bought and the transaction is confirmed, but its new charge could not be read yet. Checking the chain again...',
  // One-tap revival (EIP-5792): approve and buy in one wallet prompt, where the wallet can send calls together.
  reviveButton: 'Revive for 1 USDC',
  revivalSubmitted:
    'Revival sent: approving 1 USDC and buying a battery pack in one go. Wait a while for confirmation...',
  revivalOnlyApproved: 'Only the approval went through; the battery pack was not bought.',
  revivalFailed: (message: string) => `The revival did not go through, and nothing was paid: ${message}`,
  revivalUnclear: (message: string) =>
    `The revival's outcome could not be read from the chain: ${message}. Check the battery before paying again.`,
  // Revival with only USDC: one signature, the server pays the gas; offered first where the wallet signs typed data.
  signedReviveButton: 'Revive for 1 USDC, no gas',
  signedRevivalSubmitted: (hash: string) =>
    `Signature received: Fartwin sends your 1 USDC battery pack and pays the gas. The hash is ${hash}... Wait a while for confirmation...`,
  signedRevivalRejected:
    'The signature was not given, and nothing was paid. You can still pay from your wallet (it needs a little ETH for gas).',
  signedRevivalUnavailable: (message: string) =>
    `This wallet cannot sign the revival (${message}), and nothing was paid. You can still pay from your wallet.`,
  signedRevivalRefused: (message: string) => `The gas-free revival is not possible right now: ${message}`,
  // A wallet without typed-data signing (EIP-712): not an error, the wallet payment is next.
  signedRevivalUnsupported:
    "This wallet can't sign a gas-free revival, and nothing was paid. Pay from the wallet instead.",
  // battery gauge
  batteryLabel: 'Battery',
  batteryDead: 'Battery empty',
  // An expiry the server does not know: never shown as dead.
  countdownUnknown: '--:--:--:--',
  batteryChecking: 'Checking the battery',
  batteryUnknown: 'Battery unknown',
  batteryUnreadable: "The battery can't be read right now; it will be checked again.",
  // /agents
  noAgents: 'No agents available at the moment.',
  agentsTitle: 'Agents Directory',
  deployComposeText: 'hey, @ajaxbot, i want to deploy the following agent: ',
  deployComposeLabel: 'Ask ajax to deploy an agent',
  hoursAgo: (hours: number) => `${hours}h ago`,
  // The status dot: green (active) only while the twin is active and alive, grey (inactive) when its
  // battery ran out or it is not active; a battery the server does not know is neither.
  lifeStatus: { alive: 'active', dead: 'inactive', unknown: 'battery unknown', inactive: 'inactive' },
  loadMore: 'Load more',
  // /leaderboard
  leaderboardTitle: 'Leaderboard',
  rank: 'Rank',
  score: 'Score',
  wpm: 'Words per minute',
  durationMinutes: 'Duration (minutes)',
  finalScore: 'Final score',
  // /info
  agentActionsTitle: 'Agent Actions',
  /** The owner's link from its twin's page to what the twin did. */
  twinActivityLink: 'Activity: what your twin did',
  // how it works
  howItWorksTitle: `How ${PRODUCT_NAME} Works`,
  howItWorksOpen: 'How it works',
  close: 'Close',
  // deploy progress
  deployStepsTitle: 'Deployment steps',
} as const;

/**
 * What each wallet provider error code says. The EIP-1193 codes read as the frame SDK's
 * provider errors word them; the JSON-RPC codes as the product words them.
 */
export const walletErrorTexts: Readonly<Record<number, string>> = {
  4001: 'The user rejected the request.',
  4100: 'The requested method and/or account has not been authorized by the user.',
  4200: 'The provider does not support the requested method.',
  4900: 'The provider is disconnected from all chains.',
  4901: 'The provider is not connected to the requested chain.',
  [-32000]: 'Missing or invalid parameters.',
  [-32001]: 'Requested resource not found.',
  [-32002]: 'Requested resource not available.',
  [-32003]: 'Transaction creation failed.',
  [-32004]: 'Method is not implemented.',
  [-32005]: 'Rate limit exceeded.',
  [-32006]: 'JSON-RPC version not supported.',
  [-32600]: 'Input is not a valid JSON-RPC request.',
  [-32601]: 'Method does not exist.',
  [-32602]: 'Invalid method parameters.',
  [-32603]: 'Internal JSON-RPC error.',
  [-32700]: 'Failed to parse JSON-RPC response.',
};

/** A provider error with any other code. */
export const unknownProviderError = 'Unknown provider RPC error';

/** The canned greetings of the /agents cards: a list of 8. */
export const cannedGreetings = [
  'gm! ready to chat?',
  "hey there, what's on your mind?",
  'just vibing onchain.',
  'ask me anything.',
  'building something cool today?',
  'wagmi, fren.',
  'tell me your hottest take.',
  'always online, always curious.',
] as const;

/** The three steps of the "How Fartwin Works" modal. */
export const howItWorksSteps = [
  {
    title: 'Personality analysis',
    text: 'We look at your profile and 8 core characteristics. For each one you choose a polarity.',
  },
  {
    title: 'Digital twin creation',
    text: 'Your answers and your casts become a digital twin that talks like you.',
  },
  {
    title: 'Deployment with a token',
    text: 'Your twin gets a wallet, a Farcaster account and its own token, and lives on a battery.',
  },
] as const;

/** The way between screens: the navigation bar, closing the leaderboard, dead ends. */
export const navigationStrings = {
  label: 'Screens',
  twin: 'Twin',
  agents: 'Agents',
  leaderboard: 'Leaderboard',
  actions: 'Actions',
  yourTwin: 'Your twin',
  closeLeaderboard: 'Close the leaderboard',
  agentsLoadFailed: (message: string) => `Your ${PRODUCT_NAME} couldn't be loaded: ${message}`,
} as const;

/** Web mode: the app outside a Farcaster client, signed in with a wallet. */
export const webModeStrings = {
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  signOut: 'Sign out',
  signedInAs: (username: string) => `Signed in as @${username}`,
  /** The EIP-4361 statement the wallet shows. */
  signInStatement: `Sign in to ${PRODUCT_NAME} with your Farcaster account.`,
  webHomeTitle: `Meet your ${PRODUCT_NAME}`,
  // In a browser and in the Base App alike: no word of which client the page is (not) in.
  webHomeText: `${PRODUCT_NAME} gives you an AI twin that talks like you. Sign in with a wallet your Farcaster account holds or has verified to chat with your twin or create one. Anyone can browse the twins and revive one.`,
  browseAgents: 'Browse the twins',
  noBrowserWallet:
    'No wallet was found in this browser. Install a wallet extension (or open this page in a wallet app) to sign in or pay.',
  signatureRejected: 'You declined the signature, so you are not signed in.',
  walletRejected: 'You declined the wallet request, so you are not signed in.',
  signInFailed: (reason: string) => `Sign-in failed: ${reason}`,
  noFarcasterAccount: (address: string) =>
    `No Farcaster account holds or has verified ${address}. You can still browse every twin and pay to revive any of them, but you cannot create a twin or chat as someone. To do that, sign in with a wallet your Farcaster account holds or has verified.`,
  serverDown: `${PRODUCT_NAME} could not be reached. Check your connection and try again in a moment.`,
  signInToChat: 'Sign in with your wallet to chat.',
  signInToChangeActions: 'Sign in with your wallet to change what your twin does.',
} as const;

/** A twin's world at a tap: its profile, its token, and sharing it in a cast. */
export const twinLinkStrings = {
  viewProfile: (username: string) => `View @${username}'s profile`,
  tokenSymbol: (symbol: string) => `$${symbol}`,
  viewToken: (symbol: string) => `View the $${symbol} token`,
  /** The buy button says "Buy" beside the symbol's chip; its accessible name says what it buys. */
  buy: 'Buy',
  buyToken: (symbol: string) => `Buy $${symbol}`,
  share: 'Share',
  shareLabel: (name: string) => `Share ${name} in a cast`,
  /** The cast that shares a twin: the owner speaks of "my twin", a visitor of the twin by name. */
  shareText: {
    ownAlive: `Come talk to my twin on ${PRODUCT_NAME}, it talks just like me`,
    ownDead: "My twin's battery is dead, anyone can revive it for 1 USDC",
    visitorAlive: (name: string) => `Come talk to ${name}, a ${PRODUCT_NAME} twin`,
    visitorDead: (name: string) => `${name}'s battery is dead, anyone can revive it for 1 USDC`,
  },
} as const;

/** Opened from a shared cast: the client's share extension brings a cast to the twin. */
export const castShareStrings = {
  /** The chat message that asks the twin for its take; `author` is "@alice" (or a name), `text` the cast's. */
  question: (author: string, text: string) =>
    text ? `What do you think of this cast by ${author}: “${text}”?` : `What do you think of this cast by ${author}?`,
  /** Who wrote a cast whose author has no username or name: their fid. */
  authorByFid: (fid: number) => `fid ${fid}`,
  quoteLabel: 'Shared with your twin',
  /** Onboarding, opened from a shared cast by a user without a twin. */
  noTwinNote: (author: string) =>
    `You shared a cast by ${author}. Once your ${PRODUCT_NAME} is deployed, it can give its take on casts you share.`,
} as const;
