import { Component, type ReactNode } from 'react';
import { errorMessage } from '../lib/errors.ts';
import { useAppLocation } from '../lib/router/index.ts';
import { strings } from '../lib/strings.ts';

function ErrorView({ message }: { message: string }) {
  return (
    <div className="error-screen" role="alert">
      <h1>{strings.somethingWentWrong}</h1>
      <p>{message}</p>
    </div>
  );
}

interface State {
  error: Error | null;
  /** Where the error was caught (RouteErrorBoundary): another path clears it. */
  pathname?: string;
}

/** The top-level error boundary: "Something went wrong" with the error text. */
export class ErrorBoundary<Props extends { children: ReactNode } = { children: ReactNode }> extends Component<
  Props,
  State
> {
  override state: State = { error: null };

  // What broke is reported by the root's error callbacks (root.ts), with the component stack.
  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    // Outside the app's frame: its own landmark.
    return (
      <main>
        <ErrorView message={errorMessage(this.state.error)} />
      </main>
    );
  }
}

/**
 * An error thrown in a screen shows the same view inside the app's frame, with the navigation bar,
 * so it is no dead end: the next navigation (another path) leaves it.
 */
export class RouteErrorBoundary extends ErrorBoundary<{ children: ReactNode; pathname: string }> {
  static getDerivedStateFromProps(props: { pathname: string }, state: State): State | null {
    if (state.pathname === props.pathname) return null;
    return { error: null, pathname: props.pathname };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorView message={errorMessage(this.state.error)} />;
  }
}

/** A link to a screen that does not exist: its status and the path, with the way home beside it. */
export function NotFoundView() {
  const { pathname } = useAppLocation();
  return <ErrorView message={`404 Not Found: No route matches URL "${pathname}"`} />;
}
