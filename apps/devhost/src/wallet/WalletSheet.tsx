import { useLocalTokens } from '../api/local-token.ts';
import { Sheet } from '../components/Sheet.tsx';
import { approvedTokens, describePrompt } from './describe-prompt.ts';
import type { WalletPrompt } from './dev-wallet.ts';

/** The confirm/reject sheet that slides over the mini-app, like a real client's wallet. */
export function WalletSheet({
  prompt,
  rpcUrl,
  answer,
}: {
  prompt: WalletPrompt;
  /** The local chain, where the tokens an approval is for are read to name them. */
  rpcUrl: string;
  answer: (confirmed: boolean) => void;
}) {
  const tokenOf = useLocalTokens(rpcUrl, approvedTokens(prompt));
  const { title, lines } = describePrompt(prompt, tokenOf);
  return (
    <Sheet title={title} testId="wallet-sheet">
      {lines.map((line) => (
        <p key={line} className="sheet-line">
          {line}
        </p>
      ))}
      <div className="sheet-actions">
        <button type="button" className="button-secondary" onClick={() => answer(false)}>
          Reject
        </button>
        <button type="button" className="button-primary" onClick={() => answer(true)}>
          Confirm
        </button>
      </div>
    </Sheet>
  );
}
