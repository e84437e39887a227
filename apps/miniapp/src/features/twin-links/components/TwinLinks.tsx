import { useQueryClient } from '@tanstack/react-query';
import { twinLinkStrings } from '../../../lib/strings.ts';
import {
  buyTokenAction,
  composeCastAction,
  HostActionControl,
  viewTokenAction,
} from '../../../platform/host-actions/index.ts';
import { useOwnsTwin } from '../../agents/index.ts';
import { refreshTwinEconomy } from '../../twin-economy/index.ts';
import { useUsdcAddress } from '../hooks/useUsdcAddress.ts';
import { shareText } from '../share-text.ts';
import '../twin-links.css';
import { agentPageUrl } from '../twin-page-url.ts';

export interface TwinLinksProps {
  agentId: string;
  /** The twin's display name. */
  name: string;
  tokenAddress: string;
  tokenSymbol: string;
  /** The battery ran out (an unknown battery is not dead). */
  dead: boolean;
}

/** Under a twin's header: its token (view, buy with USDC) and a cast that shares it. */
export function TwinLinks({ agentId, name, tokenAddress, tokenSymbol, dead }: TwinLinksProps) {
  const usdc = useUsdcAddress();
  const queryClient = useQueryClient();
  const symbol = twinLinkStrings.tokenSymbol(tokenSymbol);
  const buy = buyTokenAction(tokenAddress, usdc);
  return (
    <div className="twin-links" data-testid="twin-links">
      {tokenSymbol ? (
        <>
          <HostActionControl
            {...viewTokenAction(tokenAddress)}
            className="twin-links__token"
            label={twinLinkStrings.viewToken(tokenSymbol)}
            fallback={<span className="twin-links__token twin-links__token--text">{symbol}</span>}
          >
            {symbol}
          </HostActionControl>
          <HostActionControl
            {...buy}
            // The person's own trade shows in the twin's fees at once, not at the next poll.
            run={async (sdk) => {
              const swapped = await buy.run(sdk);
              await refreshTwinEconomy(queryClient, agentId);
              return swapped;
            }}
            className="button button--small"
            label={twinLinkStrings.buyToken(tokenSymbol)}
          >
            {twinLinkStrings.buy}
          </HostActionControl>
        </>
      ) : null}
      <ShareTwin agentId={agentId} name={name} dead={dead} />
    </div>
  );
}

/** A cast with the twin's page as its embed (the client shows its battery card), worded for its state. */
function ShareTwin({ agentId, name, dead }: Pick<TwinLinksProps, 'agentId' | 'name' | 'dead'>) {
  const own = useOwnsTwin(agentId);
  const text = shareText({ name, dead, own });
  return (
    <HostActionControl
      {...composeCastAction(text, [agentPageUrl(agentId)])}
      className="button button--small twin-links__share"
      label={twinLinkStrings.shareLabel(name)}
    >
      {twinLinkStrings.share}
    </HostActionControl>
  );
}
