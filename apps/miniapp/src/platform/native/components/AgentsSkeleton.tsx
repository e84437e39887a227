import { strings } from '../../../lib/strings.ts';
import { Bone } from './Bone.tsx';

/** How many cards the directory's skeleton shows: enough to fill a phone's first screen. */
const CARD_COUNT = 8;

/** /agents while the directory loads: the title, and cards shaped like the ones to come. */
export function AgentsSkeleton() {
  return (
    <div className="page" aria-busy="true">
      <h1 className="page__title">{strings.agentsTitle}</h1>
      <ul className="agents-grid" role="status" aria-label="Loading">
        {Array.from({ length: CARD_COUNT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered.
          <li key={index} className="agent-card skeleton-card">
            <Bone className="skeleton--circle skeleton--pfp" />
            <Bone className="skeleton--line skeleton--name" />
            <Bone className="skeleton--line skeleton--short" />
            <Bone className="skeleton--line" />
          </li>
        ))}
      </ul>
    </div>
  );
}
