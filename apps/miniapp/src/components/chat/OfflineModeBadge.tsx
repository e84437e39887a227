import { useId, useState } from 'react';
import { strings } from '../../lib/strings.ts';

/**
 * "offline mode", said once in the chat's header (not under every reply) while the twin answers
 * with the echo engine; it opens a note that says what that means, over the chat (nothing moves).
 */
export function OfflineModeBadge() {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  return (
    <span className="offline-badge">
      <button
        type="button"
        className="tag offline-badge__button"
        aria-expanded={open}
        aria-controls={noteId}
        title={strings.offlineModeNote}
        onClick={() => setOpen((shown) => !shown)}
      >
        {strings.offlineMode}
      </button>
      <p id={noteId} className="offline-note" role="note" hidden={!open}>
        {strings.offlineModeNote}
      </p>
    </span>
  );
}
