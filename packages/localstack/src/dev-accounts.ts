import { type HDAccount, mnemonicToAccount } from 'viem/accounts';

/**
 * anvil's public development mnemonic. Every local key derives from it, so nothing secret is
 * generated or stored for the local network; never use these keys on a real chain.
 */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

/** The operator (deploys contracts, pays first batteries): anvil's first account. */
export const OPERATOR_ACCOUNT_INDEX = 0;

/** Sample users of the local social network have fids 1001–1020. */
export const SAMPLE_USER_FIDS = Array.from({ length: 20 }, (_, index) => 1001 + index);

const derived = new Map<number, HDAccount>();

/** A local account by HD index (derivation is slow-ish, so each is derived once). */
export function devAccount(addressIndex: number): HDAccount {
  let account = derived.get(addressIndex);
  if (!account) {
    account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex });
    derived.set(addressIndex, account);
  }
  return account;
}

/** The custody key (and wallet) of a local social-network user: the HD account at index = fid. */
export function localUserAccount(fid: number): HDAccount {
  return devAccount(fid);
}
