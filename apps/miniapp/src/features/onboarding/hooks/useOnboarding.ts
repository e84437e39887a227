import type { Characteristic } from '@fartwin/protocol';
import { useCallback, useMemo, useReducer, useRef } from 'react';
import { errorMessage } from '../../../lib/errors.ts';
import { strings } from '../../../lib/strings.ts';
import { haptics } from '../../../platform/native/haptics.ts';
import { deployRequests } from '../api/deploy.ts';
import { canDeploy, initialOnboarding, onboardingReducer } from './onboarding-state.ts';

/** The onboarding question flow, the deploy rule, and the deploy call with its errors. */
export function useOnboarding(fid: number | null, questions: readonly Characteristic[]) {
  const reducer = useMemo(() => onboardingReducer(questions), [questions]);
  const [state, dispatch] = useReducer(reducer, questions, initialOnboarding);
  const deploying = useRef(false);

  const answer = useCallback((value: string) => dispatch({ type: 'answer', value }), []);
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  const deploy = useCallback(async () => {
    if (deploying.current) return;
    if (fid === null || !canDeploy(fid, state.choices, questions)) {
      dispatch({ type: 'invalid' });
      return;
    }
    deploying.current = true;
    dispatch({ type: 'deploying' });
    try {
      const response = await (await deployRequests()).postDeploy(fid, state.choices);
      if (response.error) throw new Error(response.error);
      if (response.action === 'NONE') dispatch({ type: 'none', text: response.text });
      else if (response.metadata?.errorType) dispatch({ type: 'error-type', text: response.text });
      else {
        dispatch({ type: 'deployed', response });
        void haptics.success();
      }
    } catch (error) {
      dispatch({ type: 'failed', message: errorMessage(error) || strings.unknownError });
    } finally {
      deploying.current = false;
    }
  }, [fid, state.choices, questions]);

  return { state, question: questions[state.index] ?? null, answer, reset, deploy };
}
