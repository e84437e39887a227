import { OWNER_EXAMPLE_LIMITS } from '@fartwin/protocol';
import { useState } from 'react';
import { requestErrorText } from '../../../lib/request-error.ts';
import { useRewriteReply } from '../api/owner-examples.ts';
import { ownerExampleTexts } from '../texts.ts';

/**
 * Under one of the twin's replies on Activity: the owner writes how they would have said it, and the
 * twin follows it for similar messages from then on.
 */
export function RewriteReply({ agentId, writingKey, text }: { agentId: string; writingKey: string; text: string }) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState(text);
  const rewrite = useRewriteReply(agentId);
  if (!open) {
    return (
      <div className="activity__actions">
        <button type="button" className="button button--small" onClick={() => setOpen(true)}>
          {ownerExampleTexts.rewrite}
        </button>
        {rewrite.isSuccess ? (
          <p className="activity__meta" role="status">
            {ownerExampleTexts.saved}
          </p>
        ) : null}
      </div>
    );
  }
  const tooLong = answer.trim().length > OWNER_EXAMPLE_LIMITS.answerChars;
  return (
    <form
      className="activity__draft"
      onSubmit={(event) => {
        event.preventDefault();
        rewrite.mutate({ writingKey, answer: answer.trim() }, { onSuccess: () => setOpen(false) });
      }}
    >
      <textarea
        aria-label={ownerExampleTexts.rewriteLabel}
        value={answer}
        onChange={(event) => setAnswer(event.target.value)}
        rows={3}
        disabled={rewrite.isPending}
      />
      {tooLong ? (
        <p className="toggle__error" role="alert">
          {ownerExampleTexts.tooLong}
        </p>
      ) : null}
      <div className="activity__actions">
        <button
          type="submit"
          className="button button--primary button--small"
          disabled={rewrite.isPending || tooLong || answer.trim() === ''}
        >
          {rewrite.isPending ? ownerExampleTexts.saving : ownerExampleTexts.save}
        </button>
        <button type="button" className="button button--small" onClick={() => setOpen(false)}>
          {ownerExampleTexts.cancel}
        </button>
      </div>
      {rewrite.isError ? (
        <p className="toggle__error" role="alert">
          {ownerExampleTexts.failed(requestErrorText(rewrite.error))}
        </p>
      ) : null}
    </form>
  );
}
