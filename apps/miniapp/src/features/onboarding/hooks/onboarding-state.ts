import type { Characteristic, DeployResponse } from '@fartwin/protocol';
import { createMessage, type UiMessage } from '../../../lib/messages.ts';
import { strings } from '../../../lib/strings.ts';

/** asking → ready → deploying → deployed, or blocked when the server says action NONE. */
export type OnboardingPhase = 'asking' | 'ready' | 'deploying' | 'deployed' | 'blocked';

export interface OnboardingState {
  index: number;
  choices: string[];
  messages: UiMessage[];
  phase: OnboardingPhase;
  deployed: DeployResponse | null;
}

export type OnboardingEvent =
  | { type: 'answer'; value: string }
  | { type: 'reset' }
  | { type: 'invalid' }
  | { type: 'deploying' }
  | { type: 'failed'; message: string }
  | { type: 'none'; text: string | undefined }
  | { type: 'error-type'; text: string | undefined }
  | { type: 'deployed'; response: DeployResponse };

const ajaxSays = (text: string) => createMessage(text, 'ajax');

/** Deploy needs an fid, and as many choices as questions. */
export function canDeploy(
  fid: number | null,
  choices: readonly string[],
  questions: readonly Characteristic[],
): boolean {
  return fid !== null && choices.length === questions.length;
}

export function initialOnboarding(questions: readonly Characteristic[]): OnboardingState {
  const first = questions[0];
  return {
    index: 0,
    choices: [],
    messages: [
      ajaxSays(strings.sup),
      ajaxSays(strings.noTwinYet),
      ajaxSays(first ? first.description : strings.deployExplanation),
    ],
    phase: first ? 'asking' : 'ready',
    deployed: null,
  };
}

export function onboardingReducer(questions: readonly Characteristic[]) {
  return (state: OnboardingState, event: OnboardingEvent): OnboardingState => {
    switch (event.type) {
      case 'answer': {
        if (state.phase !== 'asking') return state;
        const index = state.index + 1;
        const next = questions[index];
        return {
          ...state,
          index,
          choices: [...state.choices, event.value],
          messages: [
            ...state.messages,
            createMessage(event.value, 'user'),
            ajaxSays(next ? next.description : strings.deployExplanation),
          ],
          phase: next ? 'asking' : 'ready',
        };
      }
      case 'reset':
        return initialOnboarding(questions);
      case 'invalid':
        return { ...state, messages: [...state.messages, ajaxSays(strings.deployConditionsInvalid)] };
      case 'deploying':
        return {
          ...state,
          phase: 'deploying',
          messages: [...state.messages, createMessage(strings.deploying, 'ajax', { isStreaming: true })],
        };
      case 'failed':
        return {
          ...finishDeploying(state),
          phase: 'ready',
          messages: append(state, strings.deployFailed(event.message)),
        };
      case 'none':
        return {
          ...finishDeploying(state),
          phase: 'blocked',
          messages: append(state, event.text || strings.cannotDeploy),
        };
      case 'error-type':
        return {
          ...finishDeploying(state),
          phase: 'ready',
          messages: append(state, event.text || strings.deployError),
        };
      case 'deployed':
        return {
          ...finishDeploying(state),
          phase: 'deployed',
          deployed: event.response,
          messages: append(state, event.response.text || strings.deploySucceeded),
        };
    }
  };
}

/** The "Deploying..." message stops its typing dots once the answer is in. */
function finishDeploying(state: OnboardingState): OnboardingState {
  return { ...state, messages: state.messages.map((message) => ({ ...message, isStreaming: false })) };
}

function append(state: OnboardingState, text: string): UiMessage[] {
  return [...finishDeploying(state).messages, ajaxSays(text)];
}
