import type { OwnerVoice, OwnerVoiceResponse } from '@fartwin/protocol';
import { useState } from 'react';
import { ChoiceButtons } from '../../../components/characteristics/ChoiceButtons.tsx';
import { requestErrorText } from '../../../lib/request-error.ts';
import { Link } from '../../../lib/router/index.ts';
import { OwnerScreen, useOwnTwin } from '../../owner-screen/index.ts';
import {
  useLearnFromCasts,
  useOwnerVoice,
  useRevertVoice,
  useSaveVoice,
  useVoiceVersions,
} from '../api/owner-voice.ts';
import { linesOf, shownTime, ownerVoiceTexts as texts } from '../texts.ts';
import '../owner-voice.css';
import { OwnerExamples } from '../../owner-examples/index.ts';

/**
 * /you, "Your twin": its owner shapes its voice (the eight characteristics, about me, topics to avoid,
 * phrases), goes back to an earlier version, and has it re-read their casts. Owner only: the server
 * answers 403 to anyone else.
 */
export function YourTwinPage() {
  const own = useOwnTwin();
  const agentId = own.twin?.agentId ?? null;
  const voice = useOwnerVoice(agentId);
  // Here rather than in the form: the form starts again after a save, its outcome stays shown.
  const save = useSaveVoice(agentId ?? '');
  return (
    <OwnerScreen own={own} query={voice} texts={texts} className="owner-voice" back={false}>
      {(saved) => (
        <>
          {/* Keyed by version: a save or a revert starts the form from what is stored. */}
          <VoiceEditor key={saved.version} saved={saved} save={save} />
          <Learning saved={saved} />
          <OwnerExamples agentId={saved.agentId} />
          <Versions agentId={saved.agentId} current={saved.version} />
          <OwnerScreens />
        </>
      )}
    </OwnerScreen>
  );
}

export default YourTwinPage;

/** The owner's other screens about their twin, each of which leads back here. */
function OwnerScreens() {
  return (
    <nav className="owner-voice__screens" aria-label={texts.otherScreens}>
      <Link to="/you/people">{texts.peopleLink}</Link>
      <Link to="/you/wallet">{texts.walletLink}</Link>
      <Link to="/you/activity">{texts.activityLink}</Link>
    </nav>
  );
}

function VoiceEditor({ saved, save }: { saved: OwnerVoiceResponse; save: ReturnType<typeof useSaveVoice> }) {
  const [outcome, saveVoice, isSaving] = save;
  const [choices, setChoices] = useState(saved.voice.choices);
  const [aboutMe, setAboutMe] = useState(saved.voice.aboutMe);
  const [avoidTopics, setAvoidTopics] = useState(saved.voice.avoidTopics.join('\n'));
  const [phrases, setPhrases] = useState(saved.voice.phrases.join('\n'));
  const choose = (index: number, value: string) =>
    setChoices((current) => current.map((choice, at) => (at === index ? value : choice)));
  const voice: OwnerVoice = { choices, aboutMe, avoidTopics: linesOf(avoidTopics), phrases: linesOf(phrases) };

  return (
    // A form action: React runs it in a transition, so the button shows "Saving…" until it ends.
    <form className="owner-voice__form" action={() => saveVoice(voice)}>
      <h2 className="owner-voice__heading">{texts.characteristics}</h2>
      {saved.characteristics.map((question, index) => (
        <fieldset key={question.name} className="owner-voice__question">
          <legend>{question.name}</legend>
          <p className="owner-voice__hint">{question.description}</p>
          <div className="owner-voice__options">
            <ChoiceButtons question={question} chosen={choices[index]} onChoose={(value) => choose(index, value)} />
          </div>
        </fieldset>
      ))}
      <label className="owner-voice__field">
        <span>{texts.aboutMe}</span>
        <input value={aboutMe} onChange={(event) => setAboutMe(event.target.value)} />
        <small className="owner-voice__hint">{texts.aboutMeHint}</small>
      </label>
      <label className="owner-voice__field">
        <span>{texts.avoidTopics}</span>
        <textarea rows={3} value={avoidTopics} onChange={(event) => setAvoidTopics(event.target.value)} />
        <small className="owner-voice__hint">{texts.avoidTopicsHint}</small>
      </label>
      <label className="owner-voice__field">
        <span>{texts.phrases}</span>
        <textarea rows={3} value={phrases} onChange={(event) => setPhrases(event.target.value)} />
        <small className="owner-voice__hint">{texts.phrasesHint}</small>
      </label>
      <button type="submit" className="button button--primary" disabled={isSaving}>
        {isSaving ? texts.saving : texts.save}
      </button>
      <p className="owner-voice__status" role="status">
        {isSaving || !outcome
          ? ''
          : 'error' in outcome
            ? texts.saveFailed(requestErrorText(outcome.error))
            : texts.saved}
      </p>
    </form>
  );
}

function Learning({ saved }: { saved: OwnerVoiceResponse }) {
  const learn = useLearnFromCasts(saved.agentId);
  return (
    <section className="owner-voice__section">
      <h2 className="owner-voice__heading">{texts.learning}</h2>
      <p className="owner-voice__hint">
        {texts.castsKnown(saved.castsKnown, saved.learnedAt ? shownTime(saved.learnedAt) : null)}
      </p>
      <button type="button" className="button" disabled={learn.isPending} onClick={() => learn.mutate()}>
        {learn.isPending ? texts.refreshing : texts.refresh}
      </button>
      <p className="owner-voice__status" role="status">
        {learn.isPending
          ? texts.refreshing
          : learn.isError
            ? texts.refreshFailed(requestErrorText(learn.error))
            : learn.data
              ? texts.learned(learn.data.learned)
              : ''}
      </p>
    </section>
  );
}

function Versions({ agentId, current }: { agentId: string; current: number }) {
  const versions = useVoiceVersions(agentId);
  const revert = useRevertVoice(agentId);
  if (!versions.data) return null;
  return (
    <section className="owner-voice__section">
      <h2 className="owner-voice__heading">{texts.versions}</h2>
      <ol className="owner-voice__versions">
        {versions.data.versions.map((version) => (
          <li key={version.version}>
            <span>{texts.version(version.version, shownTime(version.createdAt))}</span>
            {version.version === current ? (
              <em> {texts.current}</em>
            ) : (
              <button
                type="button"
                className="button button--small"
                disabled={revert.isPending}
                aria-label={`${texts.revert} (version ${version.version})`}
                onClick={() => revert.mutate(version.version)}
              >
                {texts.revert}
              </button>
            )}
          </li>
        ))}
      </ol>
      <p className="owner-voice__status" role="status">
        {revert.isError
          ? texts.saveFailed(requestErrorText(revert.error))
          : revert.isSuccess
            ? texts.reverted(revert.variables)
            : ''}
      </p>
    </section>
  );
}
