import { Suspense, useEffect } from 'react';
import { useAgentsByFid } from '../features/agents/index.ts';
import { SharedCastNoTwinNote, SharedCastQuote } from '../features/cast-share/index.ts';
import { errorMessage } from '../lib/errors.ts';
import { mayBeInClient } from '../lib/host-mode.ts';
import { navigationStrings, strings } from '../lib/strings.ts';
import { LoadingScreen, useFrame, useHostMode } from '../platform/frame/index.ts';
import { WebHome } from '../platform/web-sign-in/index.ts';
import { OnboardingChat, preloadHomeChats, TwinChat } from './home-chats.tsx';

/**
 * The main screen: the loading animation until the frame context and the user's agents are there;
 * then the onboarding chat for a user without a twin, or the twin chat.
 */
export function HomeScreen() {
  const frame = useFrame();
  const agents = useAgentsByFid(frame.fid);
  // Outside a Farcaster client (web mode) the user is whoever signed in with a wallet.
  const web = useHostMode() === 'web';
  // A client's user, or a signed-in web user: their chat's code loads alongside their agents.
  const signedIn = frame.fid !== null;
  useEffect(() => {
    if (signedIn || mayBeInClient()) preloadHomeChats();
  }, [signedIn]);

  if (web && !frame.isLoading && frame.fid === null) return <WebHome fallback={<LoadingScreen />} />;
  if (frame.isLoading || (!frame.frameContext && !web)) {
    return <LoadingScreen note={frame.error ?? (frame.isFarcasterFrame ? null : strings.notInFrame)} />;
  }
  if (agents.isPending) return <LoadingScreen />;
  if (agents.isError) {
    return (
      <div className="loading-screen" role="alert">
        <p className="loading-note">
          {navigationStrings.agentsLoadFailed(errorMessage(agents.error) || strings.unknownError)}
        </p>
        <button
          type="button"
          className="button button--primary"
          disabled={agents.isFetching}
          onClick={() => void agents.refetch()}
        >
          {strings.tryAgain}
        </button>
      </div>
    );
  }
  const twin = agents.data.agents[0];
  return (
    <Suspense fallback={<LoadingScreen />}>
      {frame.error ? (
        <p className="banner" role="alert">
          {frame.error}
        </p>
      ) : null}
      {twin ? (
        <TwinChat key={twin.agentId} agentId={twin.agentId} agent={twin} fid={frame.fid} variant="main">
          <SharedCastQuote />
        </TwinChat>
      ) : (
        <>
          <SharedCastNoTwinNote />
          <OnboardingChat fid={frame.fid} questions={agents.data.characteristics ?? []} />
        </>
      )}
    </Suspense>
  );
}
