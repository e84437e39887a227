/**
 * The contract functions the app calls, and nothing else: the generated ABIs in @fartwin/contracts
 * describe every function, event and error, and would all ship in the bundle. abi.test.ts checks
 * these fragments against the generated ABIs.
 */
export const usdcAbi = [
  {
    type: 'function',
    name: 'allowance',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
    ],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const;

export const fartwinLifeAbi = [
  {
    type: 'function',
    name: 'agentTimeToDeath',
    stateMutability: 'view',
    inputs: [{ name: 'agentId', type: 'string' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'extendLife',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'agentId', type: 'string' },
      { name: 'usdcAmount', type: 'uint256' },
    ],
    outputs: [{ name: 'a0xBurned', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'extendLife',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'agentId', type: 'string' },
      { name: 'usdcAmount', type: 'uint256' },
      { name: 'minA0xOut', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
    outputs: [{ name: 'a0xBurned', type: 'uint256' }],
  },
] as const;
