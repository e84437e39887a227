import type { Characteristic } from '@fartwin/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { ChoiceButtons } from '../../../components/characteristics/ChoiceButtons.tsx';
import { ChatHeader } from '../../../components/chat/ChatHeader.tsx';
import { MessageList } from '../../../components/chat/MessageList.tsx';
import { strings } from '../../../lib/strings.ts';
import { agentsByFidKey } from '../../agents/index.ts';
import { ajax } from '../../helper-bot/index.ts';
import { HowItWorksButton } from '../../how-it-works/index.ts';
import { useDeployProgress } from '../api/deploy.ts';
import { useOnboarding } from '../hooks/useOnboarding.ts';
import { DeployProgressList } from './DeployProgressList.tsx';
import { QuoteCastButton } from './QuoteCastButton.tsx';

/** The onboarding chat: ajax asks each question, then explains and deploys the twin. */
export function OnboardingChat({ fid, questions }: { fid: number | null; questions: readonly Characteristic[] }) {
  const { state, question, answer, reset, deploy } = useOnboarding(fid, questions);
  const progress = useDeployProgress(fid, state.phase);
  const queryClient = useQueryClient();
  const showProgress = progress.data && (state.phase === 'deploying' || state.phase === 'deployed');

  return (
    <section className="chat-screen">
      <ChatHeader picture={ajax.picture} name={ajax.name} meta={`@${ajax.username}`}>
        {/* Where it explains the most: before the user deploys a twin. */}
        <HowItWorksButton />
      </ChatHeader>
      <MessageList
        label={strings.messagesLabel(ajax.name)}
        messages={state.messages}
        avatars={{ ajax: ajax.picture }}
        footer={showProgress ? <DeployProgressList progress={progress.data!} /> : null}
      />
      <div className="chat-actions">
        {state.phase === 'asking' && question ? <ChoiceButtons question={question} onChoose={answer} /> : null}
        {state.phase === 'ready' || state.phase === 'deploying' ? (
          <>
            <button
              type="button"
              className="button button--primary"
              disabled={state.phase === 'deploying'}
              onClick={() => void deploy()}
            >
              {strings.deployButton}
            </button>
            <button type="button" className="button" disabled={state.phase === 'deploying'} onClick={reset}>
              {strings.startAgainButton}
            </button>
          </>
        ) : null}
        {state.phase === 'deployed' && state.deployed ? (
          <QuoteCastButton name={state.deployed.name ?? ''} welcomeCastHash={state.deployed.welcomeCastHash} />
        ) : null}
        {/* After a deploy, or when the server says the user already has a twin (action NONE, which
            hides Deploy and Start Again): reading the user's agents again opens the twin chat. */}
        {state.phase === 'deployed' || state.phase === 'blocked' ? (
          <button
            type="button"
            className="button"
            onClick={() => void queryClient.invalidateQueries({ queryKey: agentsByFidKey(fid) })}
          >
            {strings.chatWithTwinButton}
          </button>
        ) : null}
      </div>
    </section>
  );
}
