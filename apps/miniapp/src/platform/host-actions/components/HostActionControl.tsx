import type { ReactNode } from 'react';
import { type HostActionSpec, useHostAction } from '../useHostAction.ts';
import '../host-actions.css';

export interface HostActionControlProps extends HostActionSpec {
  className: string;
  /** The accessible name when the content does not say it well enough. */
  label?: string;
  children: ReactNode;
  testId?: string;
  /** Shown instead when the action has nowhere to go (the content as plain text, say). */
  fallback?: ReactNode;
}

/**
 * A client action as a control: a button inside a client that has it, a link where it does not
 * (or outside a client), `fallback` when there is neither.
 */
export function HostActionControl({
  className,
  label,
  children,
  testId,
  fallback = null,
  ...spec
}: HostActionControlProps) {
  const action = useHostAction(spec);
  if (action.kind === 'hidden') return <>{fallback}</>;
  if (action.kind === 'link') {
    return (
      <a
        className={`${className} host-action-link`}
        href={action.href ?? undefined}
        target="_blank"
        rel="noreferrer"
        aria-label={label}
        data-testid={testId}
        onClick={action.onClick}
      >
        {children}
      </a>
    );
  }
  return (
    <button type="button" className={className} aria-label={label} data-testid={testId} onClick={action.onClick}>
      {children}
    </button>
  );
}
