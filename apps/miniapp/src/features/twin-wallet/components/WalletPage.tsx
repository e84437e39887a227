import {
  type FeeKeeperSummary,
  shortAddress,
  type TwinWalletResponse,
  USDC_DECIMALS,
  type WalletSpend,
  type WalletTransaction,
} from '@fartwin/protocol';
import { type FormEvent, useState } from 'react';
import { formatUnits, parseUnits } from 'viem';
import { requestErrorText } from '../../agent-actions/texts.ts';
import { OwnerScreen, useOwnTwin } from '../../owner-screen/index.ts';
import { useTwinWallet, useWithdraw } from '../api/twin-wallet.ts';
import { twinWalletTexts as texts } from '../texts.ts';
import '../twin-wallet.css';

const usdc = (baseUnits: string | bigint) => formatUnits(BigInt(baseUnits), USDC_DECIMALS);
const ether = (wei: string) => formatUnits(BigInt(wei), 18);

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
                {describe(transaction)} · {transaction.status}
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
function describe(transaction: WalletTransaction): string {
  if (transaction.kind === 'withdrawal') {
    return `${texts.withdrawal}: ${usdc(transaction.amount)} USDC → ${shortAddress(transaction.to)}`;
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
function withdrawalStatus(spend: WalletSpend): string {
  if (spend.status === 'confirmed') return texts.sent(usdc(spend.amount));
  if (spend.status === 'failed') return texts.failed(spend.error);
  return texts.pending;
}

/** Amount and address, then a confirmation; the idempotency key is made once per confirmed withdrawal. */
function WithdrawForm({ wallet }: { wallet: TwinWalletResponse }) {
  const withdraw = useWithdraw(wallet.agentId);
  const [amount, setAmount] = useState('');
  const [to, setTo] = useState(wallet.withdrawTo[0] ?? '');
  const [review, setReview] = useState<{ amount: bigint; to: `0x${string}`; idempotencyKey: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onReview = (event: FormEvent) => {
    event.preventDefault();
    let units: bigint;
    try {
      units = parseUnits(amount.trim(), USDC_DECIMALS);
    } catch {
      units = 0n;
    }
    if (units <= 0n || units > BigInt(wallet.balances.usdc) || !to) {
      setProblem(texts.invalidAmount);
      return;
    }
    setProblem(null);
    withdraw.reset();
    setReview({ amount: units, to: to as `0x${string}`, idempotencyKey: crypto.randomUUID() });
  };
  const onConfirm = () => {
    if (!review) return;
    // A retry after a failure sends the same key: the server sends at most one transfer for it.
    withdraw.mutate(
      { idempotencyKey: review.idempotencyKey, asset: 'usdc', amount: review.amount.toString(), to: review.to },
      { onSuccess: () => setAmount('') },
    );
  };

  const answered = withdraw.data?.withdrawal;
  // Answered once sent: the wallet, read again while it is on its way, says when it is confirmed.
  const done =
    answered &&
    (wallet.transactions.find(
      (transaction): transaction is WalletSpend => transaction.kind === 'withdrawal' && transaction.id === answered.id,
    ) ??
      answered);
  return (
    <section aria-labelledby="wallet-withdraw">
      <h2 id="wallet-withdraw">{texts.withdrawTitle}</h2>
      <p className="twin-wallet__note">
        {texts.leftToday(usdc(wallet.limits.usdcLeftToday), usdc(wallet.limits.usdcPerDay))}
      </p>
      {review && !done ? (
        <div className="twin-wallet__confirm" role="dialog" aria-label={texts.confirm}>
          <p>{texts.confirmText(usdc(review.amount), review.to)}</p>
          <button type="button" className="button button--primary" onClick={onConfirm} disabled={withdraw.isPending}>
            {withdraw.isPending ? texts.sending : texts.confirm}
          </button>
          <button type="button" className="button" onClick={() => setReview(null)} disabled={withdraw.isPending}>
            {texts.cancel}
          </button>
          {withdraw.isError ? <p role="alert">{requestErrorText(withdraw.error)}</p> : null}
        </div>
      ) : (
        <form onSubmit={onReview} className="twin-wallet__form">
          <label>
            {texts.amountLabel}
            <input
              inputMode="decimal"
              value={amount}
              maxLength={20}
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
      {done ? <p role="status">{withdrawalStatus(done)}</p> : null}
    </section>
  );
}

export default WalletPage;
