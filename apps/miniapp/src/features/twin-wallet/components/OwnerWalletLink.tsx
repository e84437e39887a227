import { Link } from '../../../lib/router/index.ts';
import { useOwnsTwin } from '../../agents/index.ts';
import { twinWalletTexts as texts } from '../texts.ts';

/** On the twin's page, for its owner only: the way to the twin's wallet. */
export function OwnerWalletLink({ agentId }: { agentId: string }) {
  if (!useOwnsTwin(agentId)) return null;
  return (
    <p className="twin-link-row">
      <Link to="/you/wallet">{texts.walletLink}</Link>
    </p>
  );
}
