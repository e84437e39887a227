import type { RememberedPerson } from '@fartwin/protocol';
import { requestErrorText } from '../../../lib/request-error.ts';
import { OwnerScreen, useOwnTwin } from '../../owner-screen/index.ts';
import { useForgetPeople, usePeopleMemory } from '../api/people-memory.ts';
import { peopleMemoryTexts as texts } from '../texts.ts';

/**
 * /you/people: what the signed-in owner's twin remembers of each person it talked with,
 * newest first, with a way to forget one person or everyone.
 */
export function PeopleMemoryPage() {
  const own = useOwnTwin();
  const memory = usePeopleMemory(own.twin?.agentId ?? null);
  return (
    <OwnerScreen own={own} query={memory} texts={texts} intro={<p>{texts.intro}</p>}>
      {(remembered, twin) => <People agentId={twin.agentId} people={remembered.people} />}
    </OwnerScreen>
  );
}

function People({ agentId, people }: { agentId: string; people: RememberedPerson[] }) {
  const forget = useForgetPeople(agentId);
  if (people.length === 0) return <p>{texts.empty}</p>;
  return (
    <>
      {forget.isError && <p role="alert">{texts.forgetFailed(requestErrorText(forget.error))}</p>}
      {forget.isPending && <p role="status">{texts.forgetting}</p>}
      <ul className="people-memory">
        {people.map((person) => {
          const who = person.username ? `@${person.username}` : texts.fid(person.fid);
          const topics = [...new Set(person.exchanges.flatMap((exchange) => exchange.topics))];
          return (
            <li key={person.fid} aria-label={who}>
              <h2>{who}</h2>
              {topics.length > 0 && (
                <p>
                  {texts.topics}: {topics.join(', ')}
                </p>
              )}
              <ul>
                {person.exchanges.map((exchange) => (
                  <li key={`${exchange.at}:${exchange.said}`}>
                    “{exchange.said}” <small>{texts.channel[exchange.channel]}</small>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="button button--small"
                disabled={forget.isPending}
                onClick={() => forget.mutate(person.fid)}
              >
                {texts.forget(who)}
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className="button" disabled={forget.isPending} onClick={() => forget.mutate(null)}>
        {texts.forgetAll}
      </button>
    </>
  );
}
