import { type Client, concat, type Hex } from 'viem';
import { prepareTransactionRequest } from 'viem/actions';

/** Calldata with the suffix (the app's builder code: config's builderCodeSuffix) at its end (once). */
export function withDataSuffix(data: Hex, suffix: Hex): Hex {
  return data.toLowerCase().endsWith(suffix.slice(2).toLowerCase()) ? data : concat([data, suffix]);
}

type PrepareParameters = Parameters<typeof prepareTransactionRequest>[1];

/**
 * A client whose prepareTransactionRequest appends the suffix, so a transaction prepared through
 * it and then signed (the relay, the fee spends, the twins' transfers) carries it, and its gas
 * estimate covers it; a wallet client's writeContract and sendTransaction too when their actions are
 * added after it (operator.ts). A call with no calldata (a plain ETH
 * transfer) stays as it is: a contract wallet with only a receive function would refuse one with data.
 */
export function withBuilderCode<C extends Client>(client: C, suffix: Hex | null): C {
  if (!suffix) return client;
  const prepare = (base: Client, parameters: PrepareParameters) =>
    prepareTransactionRequest(base, {
      ...parameters,
      ...(parameters.data && parameters.data !== '0x' ? { data: withDataSuffix(parameters.data, suffix) } : {}),
    } as PrepareParameters);
  // viem's types keep an action's generic signature; the override takes its parameters as they come.
  const override = (base: Client) => ({
    prepareTransactionRequest: (parameters: PrepareParameters) => prepare(base, parameters),
  });
  return client.extend(override as never) as unknown as C;
}
