import { CAST_MAX_BYTES, type Draft } from '@fartwin/protocol';
import { useState } from 'react';
import { requestErrorText } from '../../../lib/request-error.ts';
import { useDraftAction } from '../api/activity.ts';
import { activityTexts } from '../texts.ts';

const bytesOf = (text: string) => new TextEncoder().encode(text).length;

/** A draft the owner reviews: edit it, publish it (once, whatever the taps), or discard it. */
export function DraftCard({ agentId, draft }: { agentId: string; draft: Draft }) {
  const [text, setText] = useState(draft.text);
  const action = useDraftAction(agentId, draft.key);
  if (draft.status === 'discarded') return <p className="activity__meta">{activityTexts.draft.discarded}</p>;
  const tooLong = bytesOf(text.trim()) > CAST_MAX_BYTES;
  const busy = action.isPending || draft.status === 'publishing';
  const edited = text.trim() !== draft.text;
  return (
    <div className="activity__draft" data-draft={draft.key}>
      <strong>{activityTexts.draft[draft.kind]}</strong>
      <textarea
        aria-label={activityTexts.draft.edit}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={3}
        disabled={busy}
      />
      {tooLong ? (
        <p className="toggle__error" role="alert">
          {activityTexts.draft.tooLong(CAST_MAX_BYTES)}
        </p>
      ) : null}
      <div className="activity__actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy || tooLong || text.trim() === ''}
          onClick={() => action.mutate({ kind: 'publish', ...(edited ? { text: text.trim() } : {}) })}
        >
          {busy ? activityTexts.draft.publishing : activityTexts.draft.publish}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => action.mutate({ kind: 'discard' })}
        >
          {activityTexts.draft.discard}
        </button>
      </div>
      {action.isError ? (
        <p className="toggle__error" role="alert">
          {activityTexts.draft.failed(requestErrorText(action.error))}
        </p>
      ) : null}
    </div>
  );
}
