import {
  type FeeKeeperSummary,
  shortAddress,
  type TwinWalletResponse,
  USDC_DECIMALS,
  type WalletSpend,
  type WalletTransaction,
  WITHDRAWABLE_ASSETS,
  WITHDRAWAL_DECIMALS,
  type WithdrawableAsset,
} from '@fartwin/protocol';
import { type FormEvent, useState } from 'react';
import { formatUnits, parseUnits } from 'viem';
import { requestErrorText } from '../../../lib/request-error.ts';
import { OwnerScreen, useOwnTwin } from '../../owner-screen/index.ts';
import { useTwinWallet, useWithdraw } from '../api/twin-wallet.ts';
import { twinWalletTexts as texts } from '../texts.ts';
import '../twin-wallet.css';

const usdc = (baseUnits: string | bigint) => formatUnits(BigInt(baseUnits), USDC_DECIMALS);
const ether = (wei: string) => formatUnits(BigInt(wei), 18);

/** An asset's name as the owner reads it: USDC, ETH, or the twin's token as $SYMBOL. */
const unitOf = (asset: WithdrawableAsset, symbol: string) => (asset === 'token' ? `$${symbol}` : asset.toUpperCase());
/** Base units of an asset as a decimal number. */
const inUnits = (asset: WithdrawableAsset, baseUnits: string | bigint) =>
  formatUnits(BigInt(baseUnits), WITHDRAWAL_DECIMALS[asset]);

/** What the wallet holds of each asset, what may still leave it today and the cap (base units). */
function assetLimits(wallet: TwinWalletResponse, asset: WithdrawableAsset) {
  const { limits, balances } = wallet;
  if (asset === 'usdc') return { balance: balances.usdc, left: limits.usdcLeftToday, perDay: limits.usdcPerDay };
  if (asset === 'eth') return { balance: balances.eth, left: limits.ethLeftToday, perDay: limits.ethPerDay };
  return { balance: balances.token.amount, left: limits.tokenLeftToday, perDay: limits.tokenPerDay };
}

/** /you/wallet: the signed-in owner's twin's wallet: balances, transactions, and a withdrawal with a confirmation. */
export function WalletPage() {
  const own = useOwnTwin();
  const wallet = useTwinWallet(own.twin?.agentId ?? null);
  return (
    <OwnerScreen own={own} query={wallet} texts={texts} className="twin-wallet">
      {(read) => <WalletView wallet={read} />}
    </OwnerScreen>
  );
}

function WalletView({ wallet }: { wallet: TwinWalletResponse }) {
  return (
    <>
      <section aria-labelledby="wallet-balances">
        <h2 id="wallet-balances">{texts.balances}</h2>
        <p className="twin-wallet__address">{wallet.address}</p>
        <dl className="twin-wallet__balances">
          <dt>ETH</dt>
          <dd data-testid="balance-eth">{formatUnits(BigInt(wallet.balances.eth), 18)}</dd>
          <dt>USDC</dt>
          <dd data-testid="balance-usdc">{usdc(wallet.balances.usdc)}</dd>
          <dt>${wallet.balances.token.symbol}</dt>
          <dd data-testid="balance-token">{formatUnits(BigInt(wallet.balances.token.amount), 18)}</dd>
        </dl>
      </section>
      <FeesSummary fees={wallet.fees} symbol={wallet.balances.token.symbol} />
      <WithdrawForm wallet={wallet} />
      <section aria-labelledby="wallet-transactions">
        <h2 id="wallet-transactions">{texts.transactions}</h2>
        {wallet.transactions.length === 0 ? (
          <p>{texts.noTransactions}</p>
        ) : (
          <ul className="twin-wallet__transactions">
            {wallet.transactions.map((transaction) => (
              <li key={`${transaction.kind}-${transaction.id}`}>
                {describe(transaction, wallet.balances.token.symbol)} · {transaction.status}
                {transaction.error ? ` (${transaction.error})` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** What the fee keeper claimed from the token's pool and spent keeping the twin alive (confirmed ones). */
function FeesSummary({ fees, symbol }: { fees: FeeKeeperSummary; symbol: string }) {
  const none = fees.claimed.wethWei === '0' && fees.claimed.token === '0' && fees.spent.batteries === 0;
  return (
    <section aria-labelledby="wallet-fees">
      <h2 id="wallet-fees">{texts.feesTitle}</h2>
      {none ? (
        <p className="twin-wallet__note">{texts.noFees}</p>
      ) : (
        <dl className="twin-wallet__balances">
          <dt>{texts.feesClaimed}</dt>
          <dd data-testid="fees-claimed">
            {texts.wethAndToken(ether(fees.claimed.wethWei), ether(fees.claimed.token), symbol)}
          </dd>
          <dt>{texts.feesSwapped}</dt>
          <dd data-testid="fees-swapped">{texts.wethForUsdc(ether(fees.swapped.wethWei), usdc(fees.swapped.usdc))}</dd>
          <dt>{texts.feesGas}</dt>
          <dd data-testid="fees-gas">{texts.gas(ether(fees.spent.unwrappedWei), ether(fees.spent.gasAdvanceWei))}</dd>
          <dt>{texts.feesBatteries}</dt>
          <dd data-testid="fees-batteries">{texts.batteries(fees.spent.batteries, usdc(fees.spent.batteriesUsdc))}</dd>
        </dl>
      )}
    </section>
  );
}

/** One line of the transaction list: a withdrawal, or one of the fee keeper's steps with what it moved. */
function describe(transaction: WalletTransaction, symbol: string): string {
  if (transaction.kind === 'withdrawal') {
    const { asset, amount, to } = transaction;
    return `${texts.withdrawal}: ${inUnits(asset, amount)} ${unitOf(asset, symbol)} → ${shortAddress(to)}`;
  }
  const { ethWei, wethWei, usdc: usdcAmount } = transaction.amounts;
  const moved = [
    ethWei ? `${ether(ethWei)} ETH` : null,
    wethWei ? `${ether(wethWei)} WETH` : null,
    usdcAmount ? `${usdc(usdcAmount)} USDC` : null,
  ].filter(Boolean);
  return `${texts.keeperKinds[transaction.kind]}${moved.length > 0 ? `: ${moved.join(', ')}` : ''}`;
}

/** What became of a withdrawal the owner confirmed: on its way until mined, then withdrawn (or not). */
function withdrawalStatus(spend: WalletSpend, symbol: string): string {
  if (spend.status === 'confirmed') return texts.sent(inUnits(spend.asset, spend.amount), unitOf(spend.asset, symbol));
  if (spend.status === 'failed') return texts.failed(spend.error);
  return texts.pending;
}

/** The amount typed, in base units of the asset, or why it cannot be withdrawn. */
function checkAmount(
  wallet: TwinWalletResponse,
  asset: WithdrawableAsset,
  typed: string,
): { units: bigint } | { problem: string } {
  const decimals = WITHDRAWAL_DECIMALS[asset];
  const unit = unitOf(asset, wallet.balances.token.symbol);
  const text = typed.trim();
  // parseUnits would round away digits past the asset's decimals: refused instead.
  if (/^[0-9]*\.[0-9]+$/.test(text) && text.split('.')[1]!.length > decimals) {
    return { problem: texts.tooManyDecimals(unit, decimals) };
  }
  if (!/^([0-9]+(\.[0-9]*)?|\.[0-9]+)$/.test(text)) return { problem: texts.invalidAmount };
  const units = parseUnits(text, decimals);
  const { balance, left } = assetLimits(wallet, asset);
  if (units <= 0n || units > BigInt(balance)) return { problem: texts.invalidAmount };
  if (units > BigInt(left)) return { problem: texts.overToday(inUnits(asset, left), unit) };
  if (asset === 'eth') {
    // The server also keeps this transfer's gas; the reserve is what the page can know beforehand.
    const most = BigInt(balance) - BigInt(wallet.limits.gasReserveWei);
    if (units > most) return { problem: texts.keepGas(ether((most > 0n ? most : 0n).toString())) };
  }
  return { units };
}

/** Asset, amount and address, then a confirmation; the idempotency key is made once per confirmed withdrawal. */
function WithdrawForm({ wallet }: { wallet: TwinWalletResponse }) {
  const [asset, setAsset] = useState<WithdrawableAsset>('usdc');
  const [amount, setAmount] = useState('');
  const [sent, withdraw, isSending] = useWithdraw(wallet.agentId, () => setAmount(''));
  const [to, setTo] = useState(wallet.withdrawTo[0] ?? '');
  const [review, setReview] = useState<{
    asset: WithdrawableAsset;
    amount: bigint;
    to: `0x${string}`;
    idempotencyKey: string;
  } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const symbol = wallet.balances.token.symbol;
  const unit = unitOf(asset, symbol);
  const chosen = assetLimits(wallet, asset);

  const onReview = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAmount(wallet, asset, amount);
    if ('problem' in checked || !to) {
      setProblem('problem' in checked ? checked.problem : texts.invalidAmount);
      return;
    }
    setProblem(null);
    setReview({ asset, amount: checked.units, to: to as `0x${string}`, idempotencyKey: crypto.randomUUID() });
  };
  const onConfirm = () => {
    if (!review) return;
    // A retry after a failure sends the same key: the server sends at most one transfer for it.
    withdraw({
      idempotencyKey: review.idempotencyKey,
      asset: review.asset,
      amount: review.amount.toString(),
      to: review.to,
    });
  };

  // Only the outcome of the withdrawal under review: a new review leaves the last one's behind.
  const outcome = sent && review && sent.request.idempotencyKey === review.idempotencyKey ? sent : null;
  const answered = outcome && 'answer' in outcome ? outcome.answer.withdrawal : undefined;
  // Answered once sent: the wallet, read again while it is on its way, says when it is confirmed.
  const done =
    answered &&
    (wallet.transactions.find(
      (transaction): transaction is WalletSpend => transaction.kind === 'withdrawal' && transaction.id === answered.id,
    ) ??
      answered);
  return (
    <section aria-labelledby="wallet-withdraw">
      <h2 id="wallet-withdraw">{texts.withdrawTitle(unit)}</h2>
      {review && !done ? (
        // A form action: React runs it in a transition, so "Sending…" shows until the wallet is read again.
        <form className="twin-wallet__confirm" role="dialog" aria-label={texts.confirm} action={onConfirm}>
          <p>{texts.confirmText(inUnits(review.asset, review.amount), unitOf(review.asset, symbol), review.to)}</p>
          <button type="submit" className="button button--primary" disabled={isSending}>
            {isSending ? texts.sending : texts.confirm}
          </button>
          <button type="button" className="button" onClick={() => setReview(null)} disabled={isSending}>
            {texts.cancel}
          </button>
          {/* A retry under way hides the last attempt's error. */}
          {!isSending && outcome && 'error' in outcome ? <p role="alert">{requestErrorText(outcome.error)}</p> : null}
        </form>
      ) : (
        <form onSubmit={onReview} className="twin-wallet__form">
          <fieldset className="twin-wallet__assets">
            <legend>{texts.assetLabel}</legend>
            {WITHDRAWABLE_ASSETS.map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name="withdraw-asset"
                  value={option}
                  checked={asset === option}
                  onChange={() => {
                    setAsset(option);
                    setProblem(null);
                  }}
                />
                {unitOf(option, symbol)}
              </label>
            ))}
          </fieldset>
          <p className="twin-wallet__note" data-testid="withdraw-available">
            {texts.available(inUnits(asset, chosen.balance), unit)}{' '}
            {texts.leftToday(inUnits(asset, chosen.left), inUnits(asset, chosen.perDay), unit)}
            {asset === 'eth' ? ` ${texts.gasReserve(ether(wallet.limits.gasReserveWei))}` : ''}
          </p>
          <label>
            {texts.amountLabel(unit)}
            <input
              inputMode="decimal"
              value={amount}
              maxLength={40}
              onChange={(event) => setAmount(event.target.value)}
            />
          </label>
          <label>
            {texts.toLabel}
            <select value={to} onChange={(event) => setTo(event.target.value)}>
              {wallet.withdrawTo.map((address) => (
                <option key={address} value={address}>
                  {address}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button--primary">
            {texts.review}
          </button>
          {problem ? <p role="alert">{problem}</p> : null}
        </form>
      )}
      {done ? <p role="status">{withdrawalStatus(done, symbol)}</p> : null}
    </section>
  );
}

export default WalletPage;
