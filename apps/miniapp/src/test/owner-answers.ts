import type { OwnerVoiceResponse, TwinWalletResponse } from '@fartwin/protocol';

/** The owner's own address, the one a withdrawal may go to. */
export const OWN_ADDRESS = '0x1111111111111111111111111111111111111111';

/**
 * GET /doppelganger/wallet/agent-1 as the server answers it: 25 USDC, 1 ETH, 5000 $ALICE, nothing
 * claimed or sent yet; today 100 USDC, 0.03 ETH and 1 billion $ALICE may leave.
 */
export const walletAnswer = (overrides: Partial<TwinWalletResponse> = {}): TwinWalletResponse => ({
  agentId: 'agent-1',
  address: '0x4444444444444444444444444444444444444444',
  balances: {
    eth: '1000000000000000000',
    usdc: '25000000',
    token: {
      address: '0x5555555555555555555555555555555555555555',
      symbol: 'ALICE',
      amount: '5000000000000000000000',
    },
  },
  fees: {
    claimed: { wethWei: '0', token: '0' },
    swapped: { wethWei: '0', usdc: '0' },
    spent: { gasAdvanceWei: '0', unwrappedWei: '0', batteries: 0, batteriesUsdc: '0' },
  },
  transactions: [],
  withdrawTo: [OWN_ADDRESS],
  limits: {
    usdcLeftToday: '100000000',
    usdcPerDay: '100000000',
    ethLeftToday: '30000000000000000',
    ethPerDay: '30000000000000000',
    tokenLeftToday: '1000000000000000000000000000',
    tokenPerDay: '1000000000000000000000000000',
    gasReserveWei: '500000000000000',
  },
  ...overrides,
});

/** GET /doppelganger/voice/agent-1 for a twin whose voice was never changed (no questions sent). */
export const voiceAnswer = (): OwnerVoiceResponse => ({
  agentId: 'agent-1',
  version: 1,
  voice: {
    choices: Array.from({ length: 8 }, (_, index) => `choice ${index}`),
    aboutMe: '',
    avoidTopics: [],
    phrases: [],
  },
  characteristics: [],
  castsKnown: 0,
  learnedAt: null,
});
