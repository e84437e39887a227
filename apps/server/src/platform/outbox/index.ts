// The outbox: every transaction the service signs (owners' withdrawals, the fee keeper's steps,
// relayed batteries, the operator's deploy steps) recorded under its caller's exactly-once key,
// signed at a nonce handed out per signer in Postgres, stored before it is sent, settled from its
// receipt, and swept when stuck.
export { REPLACED, REVERTED, type SettleDeps, settleTransaction } from './settle.ts';
export {
  OUTBOX_SETTLE_QUEUE,
  type OutboxSettlements,
  RECENT_SWEEP,
  SETTLE_ATTEMPTS,
  startOutboxSettlement,
  sweepSent,
} from './settlement-job.ts';
export { type Refusal, type SignOptions, signIntent } from './sign.ts';
export {
  dropUnsigned,
  EXPIRED,
  expireIntents,
  findByKey,
  findTransaction,
  intentExpired,
  type OutboxCall,
  type OutboxIntent,
  type OutboxKind,
  type OutboxRow,
  recordIntent,
  recordOutcome,
} from './transactions.ts';
export {
  OutboxAttemptsSpent,
  type OutboxCaller,
  type OutboxWalletDeps,
  sendingThroughOutbox,
} from './wallet.ts';
