import { Link } from 'react-router';
import { useAgentsByFid } from '../../agents/index.ts';
import { useFrame } from '../../frame/index.ts';
import { twinWalletTexts as texts } from '../texts.ts';

/** On the twin's page, for its owner only: the way to the twin's wallet. */
export function OwnerWalletLink({ agentId }: { agentId: string }) {
  const frame = useFrame();
  const mine = useAgentsByFid(frame.fid);
  if (!mine.data?.agents.some((agent) => agent.agentId === agentId)) return null;
  return (
    <p className="twin-link-row">
      <Link to="/you/wallet">{texts.walletLink}</Link>
    </p>
  );
}
