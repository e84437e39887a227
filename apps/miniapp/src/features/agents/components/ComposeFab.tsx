import { strings } from '../../../lib/strings.ts';
import { composeCastAction, useHostAction } from '../../../platform/host-actions/index.ts';

/**
 * The floating "+": a compose-cast link asking ajax to deploy an agent; in a client that composes,
 * its composer. It stays a link either way (a client without the composer opens the link).
 */
export function ComposeFab() {
  const action = useHostAction(composeCastAction(strings.deployComposeText));
  return (
    <a
      className="fab"
      href={action.href ?? undefined}
      aria-label={strings.deployComposeLabel}
      onClick={action.onClick}
      target="_blank"
      rel="noreferrer"
    >
      +
    </a>
  );
}
