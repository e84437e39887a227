import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Closing a screen (the leaderboard): back to the screen the person came from in the app, or to
 * the main screen when this one was opened directly (a link in a cast: the history's first entry).
 */
export function useLeaveScreen(): () => void {
  const navigate = useNavigate();
  const openedDirectly = useLocation().key === 'default';
  return useCallback(() => {
    if (openedDirectly) void navigate('/');
    else void navigate(-1);
  }, [navigate, openedDirectly]);
}
