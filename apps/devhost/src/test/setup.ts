import { afterEach, vi } from 'vitest';

afterEach(async () => {
  // Only component tests (happy-dom) render; the node tests have no DOM to clean.
  if (typeof document !== 'undefined') (await import('@testing-library/react')).cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
