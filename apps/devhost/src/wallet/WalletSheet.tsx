import { Sheet } from '../components/Sheet.tsx';
import { describePrompt } from './describe-prompt.ts';
import type { WalletPrompt } from './dev-wallet.ts';

/** The confirm/reject sheet that slides over the mini-app, like a real client's wallet. */
export function WalletSheet({ prompt, answer }: { prompt: WalletPrompt; answer: (confirmed: boolean) => void }) {
  const { title, lines } = describePrompt(prompt);
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
