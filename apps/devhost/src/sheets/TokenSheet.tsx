import type { SwapToken } from '@farcaster/miniapp-host';
import { erc20Abi } from '@fartwin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type Address, BaseError, formatUnits, parseUnits, UserRejectedRequestError } from 'viem';
import { localChainClient } from '../api/local-chain.ts';
import { useLocalToken, useLocalTokenLaunch } from '../api/local-token.ts';
import { Sheet } from '../components/Sheet.tsx';
import { type AssetId, parseAssetId } from './caip19.ts';
import {
  DEFAULT_SLIPPAGE_BPS,
  executeSwap,
  minimumOut,
  quoteSwap,
  SLIPPAGE_CHOICES_BPS,
  SWAP_UNAVAILABLE,
  type SwapContracts,
  swapPath,
} from './local-swap.ts';

/** The local chain poses as Base; tokens on it can be read. */
const LOCAL_CHAIN_ID = 8453;

/** The ERC-20's address when the asset is one on the local chain. */
const onLocalChain = (asset: AssetId | null) => (asset?.chainId === LOCAL_CHAIN_ID ? asset.address : null);

/** A token by CAIP-19 id: its symbol and name when it is an ERC-20 on the local chain. */
function TokenLine({ label, id, rpcUrl, amount }: { label: string; id: string; rpcUrl: string; amount?: string }) {
  const asset = parseAssetId(id);
  const token = useLocalToken(rpcUrl, onLocalChain(asset));
  const shownAmount = amount && token.data ? `${formatUnits(BigInt(amount), token.data.decimals)} ` : '';
  return (
    <div className="token-line">
      <p>
        {label}:{' '}
        <strong>
          {token.data
            ? `${shownAmount}${token.data.symbol} (${token.data.name})`
            : asset?.kind === 'native'
              ? 'ETH'
              : (asset?.kind ?? 'an unknown asset')}
        </strong>
      </p>
      <p className="mono">{id}</p>
    </div>
  );
}

/** Who launched a twin's token, as the token records it (as aggregators show a Clanker token's). */
function TokenLaunch({ id, rpcUrl }: { id: string; rpcUrl: string }) {
  const { data: launch } = useLocalTokenLaunch(rpcUrl, onLocalChain(parseAssetId(id)));
  if (!launch) return null;
  const { image, metadata, context } = launch;
  return (
    <div className="token-line" data-testid="token-launch">
      {image ? <img src={image} alt="The token's avatar" width={48} height={48} /> : null}
      {metadata ? <p data-testid="token-description">{metadata.description}</p> : null}
      {metadata?.socialMediaUrls.map((social) => (
        <p key={social.url}>
          {social.platform}:{' '}
          <a href={social.url} target="_blank" rel="noreferrer">
            {social.url}
          </a>
        </p>
      ))}
      {context ? (
        <p className="muted" data-testid="token-context">
          Launched through {context.interface}
          {context.platform ? ` from ${context.platform}` : ''}
          {context.id ? `, by user ${context.id}` : ''}
          {context.messageId ? `, cast ${context.messageId}` : ''}
        </p>
      ) : null}
    </div>
  );
}

/** `viewToken`: the token the mini-app points at, and who launched it. */
export function TokenSheet({ token, rpcUrl, onClose }: { token: string; rpcUrl: string; onClose: () => void }) {
  return (
    <Sheet title="Token" testId="token-sheet" onClose={onClose}>
      <TokenLine label="Token" id={token} rpcUrl={rpcUrl} />
      <TokenLaunch id={token} rpcUrl={rpcUrl} />
    </Sheet>
  );
}

/** How many decimals the quoted, received and held amounts are shown with. */
const SHOWN_DIGITS = 6;

function shown(amount: bigint, decimals: number): string {
  return Number(formatUnits(amount, decimals)).toLocaleString('en-US', { maximumFractionDigits: SHOWN_DIGITS });
}

/**
 * `swapToken`: a real swap on the local Uniswap V3 (USDC ⇄ a twin's token, through WETH). The amount
 * is quoted by QuoterV2 as it is typed; the swap goes out with the chosen slippage from the person's
 * dev wallet (which asks to confirm each transaction). After it, the balance and the price shown are
 * read again from the chain. Closing answers the action: the swap's transactions, or why there were none.
 */
export function SwapSheet({
  options,
  rpcUrl,
  contracts,
  wallet,
  account,
  onDone,
}: {
  options: SwapToken.SwapTokenOptions;
  rpcUrl: string;
  contracts: SwapContracts | null;
  wallet: Parameters<typeof executeSwap>[0]['wallet'];
  account: Address;
  onDone: (result: SwapToken.SwapTokenResult) => void;
}) {
  const sell = options.sellToken ? parseAssetId(options.sellToken) : null;
  const buy = options.buyToken ? parseAssetId(options.buyToken) : null;
  const sellToken = onLocalChain(sell);
  const buyToken = onLocalChain(buy);
  const path = contracts && sellToken && buyToken ? swapPath(contracts, sellToken, buyToken) : null;
  const client = localChainClient(rpcUrl);
  const queryClient = useQueryClient();

  // The same reads as the Sell and Buy lines above the form: one per token.
  const sellInfo = useLocalToken(rpcUrl, path === null ? null : sellToken);
  const buyInfo = useLocalToken(rpcUrl, path === null ? null : buyToken);
  const tokens = sellInfo.data && buyInfo.data ? { sell: sellInfo.data, buy: buyInfo.data } : null;
  const sellDecimals = tokens?.sell.decimals;
  const [amountText, setAmountText] = useState(() =>
    options.sellAmount && sellDecimals !== undefined ? formatUnits(BigInt(options.sellAmount), sellDecimals) : '10',
  );
  const [slippageBps, setSlippageBps] = useState<number>(DEFAULT_SLIPPAGE_BPS);
  const [transactions, setTransactions] = useState<`0x${string}`[]>([]);
  const amountIn = useMemo(() => {
    if (sellDecimals === undefined || !/^\d+(\.\d+)?$/.test(amountText.trim())) return null;
    try {
      const parsed = parseUnits(amountText.trim(), sellDecimals);
      return parsed > 0n ? parsed : null;
    } catch {
      return null;
    }
  }, [amountText, sellDecimals]);

  // The holding and the price: what 1 of the sold token buys now. Read again after each swap.
  const market = useQuery({
    queryKey: ['swap-market', rpcUrl, sellToken, buyToken, account, transactions.length],
    enabled: path !== null && sellDecimals !== undefined,
    queryFn: async () => {
      const [held, perOne] = await Promise.all([
        client.readContract({ address: buyToken!, abi: erc20Abi, functionName: 'balanceOf', args: [account] }),
        quoteSwap(client, contracts!, path!, 10n ** BigInt(sellDecimals!)),
      ]);
      return { held, perOne };
    },
  });
  const quote = useQuery({
    queryKey: ['swap-quote', rpcUrl, path, amountIn?.toString(), transactions.length],
    enabled: path !== null && amountIn !== null,
    queryFn: () => quoteSwap(client, contracts!, path!, amountIn!),
    retry: false,
  });
  const swap = useMutation({
    mutationFn: () =>
      executeSwap({
        client,
        wallet,
        account,
        contracts: contracts!,
        sell: sellToken!,
        path: path!,
        amountIn: amountIn!,
        amountOutMinimum: minimumOut(quote.data!, slippageBps),
      }),
    onSuccess: (hashes) => {
      setTransactions((done) => [...done, ...hashes]);
      void queryClient.invalidateQueries({ queryKey: ['balances'] });
    },
  });

  const close = () =>
    onDone(
      transactions.length > 0
        ? { success: true, swap: { transactions } }
        : path === null
          ? SWAP_UNAVAILABLE
          : { success: false, reason: 'rejected_by_user' },
    );
  const buySymbol = tokens?.buy.symbol;
  const sellSymbol = tokens?.sell.symbol;

  return (
    <Sheet title="Swap" testId="swap-sheet" onClose={close}>
      {options.sellToken ? (
        <TokenLine label="Sell" id={options.sellToken} rpcUrl={rpcUrl} amount={options.sellAmount} />
      ) : null}
      {options.buyToken ? <TokenLine label="Buy" id={options.buyToken} rpcUrl={rpcUrl} /> : null}
      {path === null ? (
        <p className="error">
          Swaps on the local chain are between USDC and a twin&apos;s token; this pair has no pool.
        </p>
      ) : tokens ? (
        <>
          <p>
            Price:{' '}
            <strong data-testid="swap-price">
              {market.data ? shown(market.data.perOne, tokens.buy.decimals) : '…'}
            </strong>{' '}
            {buySymbol} for 1 {sellSymbol}
          </p>
          <p>
            You hold:{' '}
            <strong data-testid="swap-balance">
              {market.data ? shown(market.data.held, tokens.buy.decimals) : '…'}
            </strong>{' '}
            {buySymbol}
          </p>
          <label className="field">
            Amount of {sellSymbol} to sell
            <input
              data-testid="swap-amount"
              inputMode="decimal"
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
            />
          </label>
          <label className="field">
            Slippage
            <select
              data-testid="swap-slippage"
              value={slippageBps}
              onChange={(event) => setSlippageBps(Number(event.target.value))}
            >
              {SLIPPAGE_CHOICES_BPS.map((bps) => (
                <option key={bps} value={bps}>
                  {bps / 100} %
                </option>
              ))}
            </select>
          </label>
          <p data-testid="swap-quote">
            {amountIn === null
              ? 'Type an amount.'
              : quote.isError
                ? 'No quote: the pool cannot fill this amount.'
                : quote.data !== undefined
                  ? `You receive about ${shown(quote.data, tokens.buy.decimals)} ${buySymbol} (at least ${shown(minimumOut(quote.data, slippageBps), tokens.buy.decimals)}).`
                  : 'Quoting…'}
          </p>
          {swap.isError ? (
            <p className="error" data-testid="swap-error">
              {swapErrorMessage(swap.error)}
            </p>
          ) : null}
          {transactions.length > 0 && !swap.isPending ? (
            <p data-testid="swap-done">Swapped: {transactions.length} transaction(s) confirmed.</p>
          ) : null}
          <button
            type="button"
            className="button-primary"
            data-testid="swap-confirm"
            disabled={quote.data === undefined || amountIn === null || swap.isPending}
            onClick={() => swap.mutate()}
          >
            {swap.isPending ? 'Swapping…' : `Swap ${amountText} ${sellSymbol}`}
          </button>
        </>
      ) : (
        <p className="muted">Loading…</p>
      )}
    </Sheet>
  );
}

/** The wallet's refusal, or the chain's. */
function swapErrorMessage(error: Error): string {
  if (error instanceof BaseError) {
    if (error.walk((cause) => cause instanceof UserRejectedRequestError))
      return 'You rejected the swap in your wallet.';
    return error.shortMessage;
  }
  return error.message;
}
