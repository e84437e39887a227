import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { errorMessage } from '../lib/errors.ts';
import { strings } from '../lib/strings.ts';
import { AppFrame } from './AppFrame.tsx';

/**
 * The error's text. The router throws a response, not an Error, for a link to a screen that does
 * not exist: its status and what the router says ("404 Not Found: No route matches URL …").
 */
function errorText(error: unknown): string {
  if (!isRouteErrorResponse(error)) return errorMessage(error);
  const detail = errorMessage(error.data);
  const status = `${error.status} ${error.statusText}`.trim();
  return detail ? `${status}: ${detail.replace(/^Error: /, '')}` : status;
}

function ErrorView({ error }: { error: unknown }) {
  const message = errorText(error);
  return (
    <div className="error-screen" role="alert">
      <h1>{strings.somethingWentWrong}</h1>
      <p>{message}</p>
    </div>
  );
}

interface State {
  error: Error | null;
}

/** The top-level error boundary of SPEC.md §2: "Something went wrong" with the error text. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Uncaught error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    // Outside the app's frame: its own landmark.
    return (
      <main>
        <ErrorView error={this.state.error} />
      </main>
    );
  }
}

/**
 * The router catches errors thrown in routes itself; it shows the same view, with the navigation
 * bar, so a broken link (404) is no dead end.
 */
export function RouteErrorView() {
  const error = useRouteError();
  console.error('Route error', error);
  return (
    <AppFrame>
      <ErrorView error={error} />
    </AppFrame>
  );
}
