import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useTwinConversation } from './useTwinConversation.ts';

const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(QueryClientProvider, { client: new QueryClient() }, children);

describe('send rules without an agent id', () => {
  it('ignores the send and calls no server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(
      () => useTwinConversation({ agentId: null, fid: 42, isDead: false, variant: 'main', owner: true }),
      {
        wrapper,
      },
    );
    let accepted = true;
    act(() => {
      accepted = result.current.send('hello');
    });
    expect(accepted).toBe(false);
    expect(result.current.messages).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
