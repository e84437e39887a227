import { useState } from 'react';
import { agentActionToggles, strings } from '../../../lib/strings.ts';

type ToggleId = (typeof agentActionToggles)[number]['id'];

/** /info: the "Agent Actions" panel; four toggles held in local state, never saved. */
export function InfoPage() {
  const [enabled, setEnabled] = useState<Record<ToggleId, boolean>>(
    () =>
      Object.fromEntries(agentActionToggles.map((toggle) => [toggle.id, toggle.defaultOn])) as Record<
        ToggleId,
        boolean
      >,
  );
  return (
    <main className="page">
      <h1 className="page__title">{strings.agentActionsTitle}</h1>
      <ul className="toggles">
        {agentActionToggles.map((toggle) => (
          <li key={toggle.id} className="toggle">
            <label className="toggle__label">
              <span>
                <strong>{toggle.label}</strong>
                <span className="toggle__text">{toggle.text}</span>
              </span>
              <input
                type="checkbox"
                role="switch"
                aria-checked={enabled[toggle.id]}
                className="toggle__switch"
                checked={enabled[toggle.id]}
                onChange={(event) => setEnabled((current) => ({ ...current, [toggle.id]: event.target.checked }))}
              />
            </label>
          </li>
        ))}
      </ul>
    </main>
  );
}

export default InfoPage;
