import { Link } from '../../../lib/router/index.ts';
import { strings } from '../../../lib/strings.ts';
import { PausedNote } from '../../agent-actions/index.ts';
import { ownerVoiceTexts } from '../../owner-voice/index.ts';
import { OwnerWalletLink } from '../../twin-wallet/index.ts';

/**
 * On the twin's page, for its owner only: the pause note and the ways to the owner's screens. A
 * module of its own (AgentPage loads it for the owner): a visitor's first load carries none of it.
 */
export function OwnerTwinPageLinks({ agentId }: { agentId: string }) {
  return (
    <>
      <OwnerWalletLink agentId={agentId} />
      <PausedNote agentId={agentId} />
      <Link className="button button--small" to="/you">
        {ownerVoiceTexts.openFromTwinPage}
      </Link>
      <Link className="button button--small" to="/you/activity">
        {strings.twinActivityLink}
      </Link>
    </>
  );
}

export default OwnerTwinPageLinks;
