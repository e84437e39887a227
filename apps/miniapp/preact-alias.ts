import type { Alias } from 'vite';

/**
 * React's API served by preact/compat: the same components, hooks and libraries
 * (react-query, wagmi) on a runtime a tenth of react-dom's size, so the first load stays small. The
 * build and the tests share it, so the tests run what ships.
 */
export const preactAlias: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
];

/** JSX compiles to preact's runtime directly. */
export const preactJsx = { runtime: 'automatic', importSource: 'preact' } as const;
