import { reviversLine } from '@fartwin/protocol';
import { useRevivers } from '../api/twin-wallet.ts';
import { twinWalletTexts as texts } from '../texts.ts';
import '../twin-wallet.css';

/** The twin's page: who revived it lately. Nothing while none did (or while it cannot be read). */
export function RevivedBy({ agentId }: { agentId: string }) {
  const { data } = useRevivers(agentId);
  if (!data || data.revivers.length === 0) return null;
  return (
    <p className="twin-link-row" data-testid="revived-by">
      {texts.revivedBy} {reviversLine(data.revivers)}
    </p>
  );
}
