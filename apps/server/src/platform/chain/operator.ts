import {
  type Account,
  type Chain,
  createClient,
  type Hex,
  http,
  type Transport,
  type WalletClient,
  walletActions,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { withBuilderCode } from './builder-code.ts';

export type OperatorWallet = WalletClient<Transport, Chain, Account>;

/**
 * The operator's wallet: owner of the contracts, pays new twins' tokens and first batteries. Every
 * transaction it sends or prepares carries the app's builder code suffix, when there is one. The
 * service signs its transactions through the outbox (outbox/wallet.ts), whose signer row hands out
 * its nonces: none is sent from it directly.
 */
export function operatorWallet(
  rpcUrl: string,
  privateKey: `0x${string}`,
  builderCodeSuffix: Hex | null = null,
): OperatorWallet {
  const client = createClient({
    account: privateKeyToAccount(privateKey),
    chain: base,
    transport: http(rpcUrl),
    key: 'wallet',
    name: 'Wallet Client',
    type: 'walletClient',
  });
  // viem binds a client's actions when they are added: the wallet actions are added on top of the
  // suffix so that writeContract and sendTransaction prepare through it, and the suffix again on top
  // so that a direct prepareTransactionRequest does too.
  const wallet = withBuilderCode(client, builderCodeSuffix).extend(walletActions);
  return withBuilderCode(wallet, builderCodeSuffix) as OperatorWallet;
}
