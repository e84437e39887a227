export { anvilBinaryPath, LOCAL_CHAIN_ID, type RunningAnvil, startAnvil } from './anvil.ts';
export { CHROMIUM_ARGS, resolveChromiumPath } from './chromium.ts';
export {
  DEV_MNEMONIC,
  devAccount,
  localUserAccount,
  OPERATOR_ACCOUNT_INDEX,
  SAMPLE_USER_FIDS,
} from './dev-accounts.ts';
export { assertPortFree, getFreePort, PortInUseError } from './ports.ts';
export { type RunningPostgres, startPostgres } from './postgres.ts';
export { stopChild } from './process.ts';
export { siwfMessage } from './siwf.ts';
export { httpOk, waitUntil } from './wait.ts';
