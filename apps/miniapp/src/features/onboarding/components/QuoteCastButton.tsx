import { strings } from '../../../lib/strings.ts';
import { castWebUrl, composeCastAction, HostActionControl } from '../../../platform/host-actions/index.ts';

/**
 * Opens the host's composer with "welcome to farcaster, @{name}" and the welcome cast embedded;
 * outside a Farcaster client, Farcaster's compose page with the same cast.
 */
export function QuoteCastButton({ name, welcomeCastHash }: { name: string; welcomeCastHash: string | undefined }) {
  const embeds: [] | [string] = welcomeCastHash ? [castWebUrl(name, welcomeCastHash)] : [];
  return (
    <HostActionControl {...composeCastAction(strings.quoteCastText(name), embeds)} className="button button--primary">
      {strings.quoteCastButton}
    </HostActionControl>
  );
}
