import { AGENT_ACTION_DEFAULTS, type AgentActionsResponse, agentActionKeys } from '@fartwin/protocol';
import type { ReactNode } from 'react';
import { requestErrorText } from '../../../lib/request-error.ts';
import { Link } from '../../../lib/router/index.ts';
import { strings, webModeStrings } from '../../../lib/strings.ts';
import { useFrame, useHostMode } from '../../../platform/frame/index.ts';
import { useAgentsByFid } from '../../agents/index.ts';
import { useAgentActions } from '../api/agent-actions.ts';
import { useOwnerControls } from '../api/owner-controls.ts';
import { agentActionsTexts } from '../texts.ts';
import { ActionRow } from './ActionRow.tsx';
import { OwnerControlToggle } from './OwnerControlToggle.tsx';
import { SavedActionToggle } from './SavedActionToggle.tsx';
import '../agent-actions.css';

/**
 * /info: the "Agent Actions" panel of four switches for the signed-in user's twin. Each switch is saved
 * on the server as soon as it is flipped; only the twin's owner can change them, so a user without a
 * twin sees the defaults, switched off from use, and the way to create one.
 */
export function InfoPage() {
  const frame = useFrame();
  const agents = useAgentsByFid(frame.fid);
  const agentId = agents.data?.agents[0]?.agentId ?? null;
  const actions = useAgentActions(agentId);

  let body: ReactNode;
  if (frame.isLoading || (frame.fid !== null && agents.isPending) || (agentId !== null && actions.isPending)) {
    body = (
      <p className="loading-note" role="status">
        {agentActionsTexts.loading}
      </p>
    );
  } else if (agents.isError || actions.isError) {
    const failed = agents.isError ? agents : actions;
    body = (
      <div className="agent-actions__notice" role="alert">
        <p>{agentActionsTexts.loadFailed(requestErrorText(failed.error))}</p>
        <button type="button" className="button button--small" onClick={() => void failed.refetch()}>
          {agentActionsTexts.tryAgain}
        </button>
      </div>
    );
  } else if (agentId !== null && actions.data) {
    body = <OwnerToggles saved={actions.data} />;
  } else {
    body = <DisabledToggles signedIn={frame.fid !== null} />;
  }

  return (
    <div className="page">
      <h1 className="page__title">{strings.agentActionsTitle}</h1>
      {body}
    </div>
  );
}

function OwnerToggles({ saved }: { saved: AgentActionsResponse }) {
  const directMessagesNote = saved.directMessagesAvailable
    ? null
    : (saved.directMessagesNote ?? agentActionsTexts.directMessagesUnavailable);
  // Pause above the four switches, "ask me first" below: added around them, not in their place.
  const controls = useOwnerControls(saved.agentId);
  const current = controls.data?.controls;
  return (
    <ul className="toggles">
      {current ? <OwnerControlToggle agentId={saved.agentId} controlKey="paused" saved={current.paused} /> : null}
      {controls.isError ? (
        <li className="toggle__error" role="alert">
          {agentActionsTexts.controlsFailed(requestErrorText(controls.error))}
        </li>
      ) : null}
      {agentActionKeys.map((key) => (
        <SavedActionToggle
          key={key}
          agentId={saved.agentId}
          actionKey={key}
          saved={saved.actions[key]}
          note={key === 'replyToDirectMessages' ? directMessagesNote : null}
        />
      ))}
      {current
        ? (['posts', 'replies'] as const).map((key) => (
            <OwnerControlToggle key={key} agentId={saved.agentId} controlKey={key} saved={current.askFirst[key]} />
          ))
        : null}
    </ul>
  );
}

/** No twin to change: the default switches, greyed out, and why. */
function DisabledToggles({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <div className="agent-actions__notice">
        {signedIn ? (
          <>
            <p>{agentActionsTexts.noTwin}</p>
            <Link className="button button--primary button--small" to="/">
              {agentActionsTexts.createTwin}
            </Link>
          </>
        ) : (
          <NotSignedIn />
        )}
      </div>
      <ul className="toggles">
        {agentActionKeys.map((key) => (
          <ActionRow key={key} actionKey={key} checked={AGENT_ACTION_DEFAULTS[key]} disabled />
        ))}
      </ul>
    </>
  );
}

export default InfoPage;

/** Inside a client, no user means no frame; in web mode (outside one), nobody signed in yet. */
function NotSignedIn() {
  const web = useHostMode() === 'web';
  return <p>{web ? webModeStrings.signInToChangeActions : agentActionsTexts.notInFrame}</p>;
}
