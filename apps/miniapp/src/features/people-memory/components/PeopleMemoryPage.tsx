import type { RememberedPerson } from '@fartwin/protocol';
import type { ReactNode } from 'react';
import { BackToYourTwin } from '../../../components/owner-screens/BackToYourTwin.tsx';
import { requestErrorText } from '../../agent-actions/texts.ts';
import { useAgentsByFid } from '../../agents/index.ts';
import { useFrame } from '../../frame/index.ts';
import { useForgetPeople, usePeopleMemory } from '../api/people-memory.ts';
import { peopleMemoryTexts as texts } from '../texts.ts';

/**
 * /you/people: what the signed-in owner's twin remembers of each person it talked with (issue 25
 * part 6), newest first, with a way to forget one person or everyone.
 */
export function PeopleMemoryPage() {
  const frame = useFrame();
  const agents = useAgentsByFid(frame.fid);
  const agentId = agents.data?.agents[0]?.agentId ?? null;
  const memory = usePeopleMemory(agentId);

  let body: ReactNode;
  if (frame.isLoading || (frame.fid !== null && agents.isPending) || (agentId !== null && memory.isPending)) {
    body = (
      <p className="loading-note" role="status">
        {texts.loading}
      </p>
    );
  } else if (agents.isError || memory.isError) {
    body = <p role="alert">{texts.loadFailed(requestErrorText((agents.isError ? agents : memory).error))}</p>;
  } else if (agentId === null || !memory.data) {
    body = <p>{texts.noTwin}</p>;
  } else {
    body = <People agentId={agentId} people={memory.data.people} />;
  }
  return (
    <div className="page">
      <h1 className="page__title">{texts.title}</h1>
      <p>{texts.intro}</p>
      {body}
      <BackToYourTwin />
    </div>
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
