import { useCallback } from 'react';
import { FIRST_ENTRY_KEY, useAppLocation, useNavigate } from '../../../lib/router/index.ts';

/**
 * Closing a screen (the leaderboard): back to the screen the person came from in the app, or to
 * the main screen when this one was opened directly (a link in a cast: the history's first entry).
 */
export function useLeaveScreen(): () => void {
  const navigate = useNavigate();
  const openedDirectly = useAppLocation().key === FIRST_ENTRY_KEY;
  return useCallback(() => {
    if (openedDirectly) navigate('/');
    else navigate(-1);
  }, [navigate, openedDirectly]);
}
