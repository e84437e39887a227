/** Contracts that stand in, on a local chain, for ones that exist only on Base (tests only). */
export { clankerRecordsStubAbi } from '../generated/abis.ts';
export { clankerRecordsStubBytecode } from '../generated/bytecode.ts';
