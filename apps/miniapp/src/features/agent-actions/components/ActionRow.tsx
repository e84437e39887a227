import { AGENT_ACTION_TEXTS, type AgentActionKey } from '@fartwin/protocol';
import { agentActionsTexts } from '../texts.ts';

export interface ToggleRowProps {
  /** The row's name in the page (data-action) and its error's id. */
  id: string;
  label: string;
  text: string;
  checked: boolean;
  disabled?: boolean;
  saving?: boolean;
  /** Why the switch did not save, shown under it. */
  error?: string | null;
  /** A note under the text (e.g. why direct messages do nothing here). */
  note?: string | null;
  onChange?: (on: boolean) => void;
}

export type ActionRowProps = Omit<ToggleRowProps, 'id' | 'label' | 'text'> & { actionKey: AgentActionKey };

/** One /info switch: its label and text, its saving state and its error. */
export function ActionRow({ actionKey, ...row }: ActionRowProps) {
  return <ToggleRow id={actionKey} {...AGENT_ACTION_TEXTS[actionKey]} {...row} />;
}

/** A switch with its label, text, saving state and error. */
export function ToggleRow({ id, label, text, checked, disabled, saving, error, note, onChange }: ToggleRowProps) {
  const errorId = `${id}-error`;
  return (
    <li className="toggle" data-action={id}>
      <label className={disabled ? 'toggle__label toggle__label--disabled' : 'toggle__label'}>
        <span>
          <strong>{label}</strong>
          <span className="toggle__text">{text}</span>
          {note ? <span className="toggle__note">{note}</span> : null}
          {saving ? (
            <span className="toggle__status" role="status">
              {agentActionsTexts.saving}
            </span>
          ) : null}
        </span>
        <input
          type="checkbox"
          role="switch"
          aria-checked={checked}
          aria-busy={saving || undefined}
          aria-describedby={error ? errorId : undefined}
          className="toggle__switch"
          checked={checked}
          disabled={disabled || saving}
          onChange={(event) => onChange?.(event.target.checked)}
        />
      </label>
      {error ? (
        <p id={errorId} className="toggle__error" role="alert">
          {agentActionsTexts.saveFailed(error)}
        </p>
      ) : null}
    </li>
  );
}
