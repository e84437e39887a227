/** Contracts that stand in, on a local chain, for ones that exist only on Base (tests only). */
export { clankerRecordsStubAbi, lifeExtendedEmitterAbi } from '../generated/abis.ts';
export { clankerRecordsStubBytecode, lifeExtendedEmitterBytecode } from '../generated/bytecode.ts';
