import { within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { strings } from '../lib/strings.ts';
import { ownRoot } from '../test/own-root.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { createAppRoot } from './root.ts';

function Boom(): never {
  throw new Error('kaboom');
}

/** The app's root on a container of its own, as main.tsx makes it. */
const appRoot = () => ownRoot(createAppRoot);

/** The console reports that begin with `what`: [what, error, component stack]. */
function reports(errors: { mock: { calls: unknown[][] } }, what: string) {
  return errors.mock.calls.filter(([first]) => String(first).startsWith(what));
}

describe("the app's root reports what broke (React 19's root error callbacks)", () => {
  it('an error a boundary caught: the boundary shows it, reported once with the components it broke in', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { root, container } = appRoot();
    await act(async () =>
      root.render(
        <ErrorBoundary>
          <Boom />
        </ErrorBoundary>,
      ),
    );
    expect(within(container).getByRole('heading', { name: strings.somethingWentWrong })).toBeTruthy();
    expect(within(container).getByText('kaboom')).toBeTruthy();
    const caught = reports(errors, 'Render error, shown in its error boundary');
    expect(caught).toHaveLength(1);
    const [, error, componentStack] = caught[0]!;
    expect((error as Error).message).toBe('kaboom');
    expect(componentStack).toContain('Boom');
    expect(componentStack).toContain('ErrorBoundary');
  });

  it('an error no boundary caught: the page still says what went wrong, and it is reported', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Outside act(): within it React hands an uncaught error to act() and not to the root's callback.
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false);
    const { root, container } = appRoot();
    root.render(<Boom />);
    const alert = await within(container).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: strings.somethingWentWrong })).toBeTruthy();
    expect(within(alert).getByText('kaboom')).toBeTruthy();
    const uncaught = reports(errors, 'Render error outside every error boundary');
    expect(uncaught).toHaveLength(1);
    expect((uncaught[0]![1] as Error).message).toBe('kaboom');
    expect(uncaught[0]![2]).toContain('Boom');
  });
});
