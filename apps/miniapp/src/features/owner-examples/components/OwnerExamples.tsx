import { requestErrorText } from '../../../lib/request-error.ts';
import { useDeleteExample, useOwnerExamples } from '../api/owner-examples.ts';
import { ownerExampleTexts } from '../texts.ts';

/** On "Your twin": the replies its owner rewrote, each deletable. */
export function OwnerExamples({ agentId }: { agentId: string }) {
  const examples = useOwnerExamples(agentId);
  const remove = useDeleteExample(agentId);
  return (
    <section className="owner-voice__section" aria-labelledby="owner-examples-title">
      <h2 id="owner-examples-title" className="owner-voice__heading">
        {ownerExampleTexts.title}
      </h2>
      <p className="owner-voice__hint">{ownerExampleTexts.note}</p>
      {examples.isError ? (
        <p className="toggle__error" role="alert">
          {ownerExampleTexts.loadFailed(requestErrorText(examples.error))}
        </p>
      ) : null}
      {examples.data && examples.data.examples.length === 0 ? <p>{ownerExampleTexts.empty}</p> : null}
      {examples.data && examples.data.examples.length > 0 ? (
        <ul className="owner-examples">
          {examples.data.examples.map((example) => (
            <li key={example.id} className="owner-examples__item">
              <p className="owner-voice__hint">{ownerExampleTexts.when(example.message)}</p>
              <p>{example.answer}</p>
              <button
                type="button"
                className="button button--small"
                disabled={remove.isPending}
                onClick={() => remove.mutate(example.id)}
              >
                {remove.isPending && remove.variables === example.id
                  ? ownerExampleTexts.deleting
                  : ownerExampleTexts.delete}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {remove.isError ? (
        <p className="toggle__error" role="alert">
          {ownerExampleTexts.deleteFailed(requestErrorText(remove.error))}
        </p>
      ) : null}
    </section>
  );
}
