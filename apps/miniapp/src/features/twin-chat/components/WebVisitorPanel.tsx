import type { ChatAction } from '@fartwin/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { strings, webModeStrings } from '../../../lib/strings.ts';
import { useHostMode } from '../../../platform/frame/index.ts';
import { SignInWithError } from '../../../platform/web-sign-in/components/SignInButton.tsx';
import { useWebSession, useWebSignIn } from '../../../platform/web-sign-in/hooks.ts';
import { agentKey, directoryKey } from '../../agents/index.ts';
import { RevivalAction, type RevivalMessage, useRevival, useTwinBattery } from '../../battery/index.ts';
import '../../../platform/web-sign-in/web-sign-in.css';

/**
 * A twin's page in web mode for someone not signed in (or whose wallet has no Farcaster account):
 * why there is no chat, a way to sign in, and, when the twin is dead, the revival,
 * which anyone may pay for. Inside a Farcaster client, and once signed in, it shows nothing.
 */
export function WebVisitorPanel({ agentId }: { agentId: string }) {
  const mode = useHostMode();
  const session = useWebSession();
  if (mode !== 'web' || session) return null;
  return <Visitor agentId={agentId} />;
}

function Visitor({ agentId }: { agentId: string }) {
  const signIn = useWebSignIn();
  // The chat around settles the battery (the chain confirms a death): nothing is read twice.
  const { isDead } = useTwinBattery();
  // Once shown, the revival stays with its messages, also after it brought the twin back.
  const [revivalShown, setRevivalShown] = useState(false);
  if (isDead && !revivalShown) setRevivalShown(true);
  return (
    <section className="web-visitor" data-testid="web-visitor">
      {signIn.noAccountAddress ? (
        <p className="web-visitor__note" role="status">
          {webModeStrings.noFarcasterAccount(signIn.noAccountAddress)}
        </p>
      ) : (
        <>
          <p className="web-visitor__note">{webModeStrings.signInToChat}</p>
          <SignInWithError errorClassName="web-visitor__note" />
        </>
      )}
      {revivalShown ? <VisitorRevival agentId={agentId} /> : null}
    </section>
  );
}

/** The helper's dead-twin message and the revival's own messages, with their buttons. */
function VisitorRevival({ agentId }: { agentId: string }) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<RevivalMessage[]>([
    { text: strings.deadTwinVisitor, sender: 'ajax', action: 'allow-usdc-spending' },
  ]);
  const post = useCallback((message: RevivalMessage) => setMessages((previous) => [...previous, message]), []);
  // Once the battery is in, the buttons shown are used up (the allowance is spent): they go.
  const [revived, setRevived] = useState(false);
  const onRevived = useCallback(
    (expiryMs: number) => {
      setRevived(true);
      // The page's battery reads the contract's new expiry, and the lists their new lives.
      queryClient.setQueryData(['life-expiry', agentId], expiryMs);
      void queryClient.invalidateQueries({ queryKey: directoryKey });
      void queryClient.invalidateQueries({ queryKey: agentKey(agentId) });
    },
    [queryClient, agentId],
  );
  const revival = useRevival({ agentId, post, onRevived, needed: true });
  return (
    <ul className="web-visitor__messages" aria-label={strings.deadTwinVisitor}>
      {messages.map((message, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages have no id and are never reordered
        <li key={index}>
          <p>{message.text}</p>
          {message.action && !revived ? (
            <RevivalAction action={message.action as ChatAction} revival={revival} agentId={agentId} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
