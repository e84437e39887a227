/** Contracts that stand in, on a local chain, for ones that exist only on Base (tests only). */
export { clankerFeeLockerStubAbi, clankerRecordsStubAbi, lifeExtendedEmitterAbi } from '../generated/abis.ts';
export {
  clankerFeeLockerStubBytecode,
  clankerRecordsStubBytecode,
  lifeExtendedEmitterBytecode,
} from '../generated/bytecode.ts';
