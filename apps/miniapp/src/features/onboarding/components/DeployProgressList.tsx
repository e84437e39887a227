import type { DeployProgress } from '@fartwin/protocol';
import { strings } from '../../../lib/strings.ts';

const marks = { pending: '○', running: '…', done: '✓', failed: '✕' } as const;

/** Each pipeline step, marked as it completes. */
export function DeployProgressList({ progress }: { progress: DeployProgress }) {
  const visible = progress.steps.filter((step) => step.status !== 'pending');
  if (visible.length === 0) return null;
  return (
    <ol className="deploy-steps" aria-label={strings.deployStepsTitle}>
      {visible.map((step) => (
        <li
          key={step.name}
          className={`deploy-steps__step deploy-steps__step--${step.status}`}
          data-status={step.status}
        >
          <span className="deploy-steps__mark" aria-hidden="true">
            {marks[step.status]}
          </span>
          {step.label}
          {step.error ? <span className="deploy-steps__error"> — {step.error}</span> : null}
        </li>
      ))}
    </ol>
  );
}
