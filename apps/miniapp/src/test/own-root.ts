import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach } from 'vitest';

const mounted: { root: Root; container: HTMLElement }[] = [];

/**
 * A root the test makes itself (as main.tsx does) on a container of its own in the document, for
 * what testing-library's render() does not cover: the app's own root options, hydration. Unmounted
 * after the test.
 */
export function ownRoot(make: (container: HTMLElement) => Root, html = '') {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  const made = { root: make(container), container };
  mounted.push(made);
  return made;
}

afterEach(() => {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
});
