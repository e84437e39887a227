import type { Characteristic } from '@fartwin/protocol';

/**
 * A characteristic question's options as buttons: onboarding's answers and the voice editor's
 * choices (features/owner-voice), one component for both. `chosen` marks the current one, if any.
 */
export function ChoiceButtons({
  question,
  chosen,
  onChoose,
}: {
  question: Characteristic;
  chosen?: string | undefined;
  onChoose: (value: string) => void;
}) {
  return question.options.map((option) => (
    <button
      key={option.value}
      type="button"
      className={option.value === chosen ? 'button button--primary' : 'button'}
      aria-pressed={chosen === undefined ? undefined : option.value === chosen}
      title={option.description}
      onClick={() => onChoose(option.value)}
    >
      {option.value}
    </button>
  ));
}
