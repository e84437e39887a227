/** @vitest-environment happy-dom */
import { describe, expect, it, vi } from 'vitest';
import { frameEndpoint } from './frame-endpoint.ts';

describe('frameEndpoint', () => {
  it('hears messages from its own iframe only, and stops hearing them once removed', () => {
    const ours = document.createElement('iframe');
    const replaced = document.createElement('iframe');
    document.body.append(ours, replaced);
    const endpoint = frameEndpoint(ours, 'http://localhost:3001');
    const listener = vi.fn();
    endpoint.addEventListener('message', listener);

    const post = (source: Window | null) =>
      window.dispatchEvent(new MessageEvent('message', { data: { id: 'x' }, source }));
    post(replaced.contentWindow);
    expect(listener).not.toHaveBeenCalled();
    post(ours.contentWindow);
    expect(listener).toHaveBeenCalledTimes(1);

    endpoint.removeEventListener('message', listener);
    post(ours.contentWindow);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
