import { devWalletBridgeMessages as messages } from '@fartwin/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectDevWalletBridge } from './dev-wallet-bridge.ts';

const DEVHOST_ORIGIN = 'http://localhost:3000';
const INFO = { uuid: 'u-1', name: 'Fartwin dev wallet', icon: 'data:,', rdns: 'local.fartwin.devwallet' };

interface Announced {
  info: typeof INFO;
  provider: {
    request(args: { method: string; params?: unknown }): Promise<unknown>;
    on(event: string, listener: (data: unknown) => void): void;
  };
}

/** The dev host tab that opened this one: it hears the tab's messages and can answer as itself. */
function fakeOpener(answerHello: boolean) {
  const sent: { message: Record<string, unknown>; target: string }[] = [];
  const opener = {
    postMessage(message: Record<string, unknown>, target: string) {
      sent.push({ message, target });
      if (answerHello && message.type === messages.hello)
        queueMicrotask(() => say({ type: messages.welcome, info: INFO }));
    },
  };
  const say = (data: unknown, origin = DEVHOST_ORIGIN) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: opener as unknown as Window }));
  vi.stubGlobal('opener', opener);
  return { sent, say };
}

function listenForAnnouncement(): Announced[] {
  const announced: Announced[] = [];
  window.addEventListener('eip6963:announceProvider', (event) => announced.push((event as CustomEvent).detail));
  return announced;
}

afterEach(() => vi.unstubAllGlobals());

describe("the plain browser's wallet bridge (the mini-app's side)", () => {
  it('an opener that is not the dev host gets a hello and nothing else: no wallet is announced', async () => {
    const { sent } = fakeOpener(false);
    const announced = listenForAnnouncement();
    expect(await connectDevWalletBridge()).toBe(false);
    expect(sent).toEqual([{ message: { type: messages.hello }, target: '*' }]);
    expect(announced).toEqual([]);
  });

  it("announces the dev host's wallet over EIP-6963; requests and events travel through the opener", async () => {
    const { sent, say } = fakeOpener(true);
    const announced = listenForAnnouncement();
    expect(await connectDevWalletBridge()).toBe(true);
    expect(announced.map((detail) => detail.info)).toEqual([INFO]);
    const { provider } = announced[0]!;

    const accounts = provider.request({ method: 'eth_requestAccounts' });
    const request = sent.at(-1)!;
    expect(request).toEqual({
      message: { type: messages.request, id: 0, method: 'eth_requestAccounts', params: undefined },
      target: DEVHOST_ORIGIN,
    });
    // Another origin cannot answer for the dev host.
    say({ type: messages.response, id: 0, result: ['0xevil'] }, 'https://elsewhere.test');
    say({ type: messages.response, id: 0, result: ['0xabc'] });
    expect(await accounts).toEqual(['0xabc']);

    const signature = provider.request({ method: 'personal_sign', params: ['0x00', '0xabc'] });
    say({ type: messages.response, id: 1, error: { code: 4001, message: 'User rejected the request.' } });
    await expect(signature).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });

    const changes: unknown[] = [];
    provider.on('accountsChanged', (data) => changes.push(data));
    say({ type: messages.event, event: 'accountsChanged', data: ['0xdef'] });
    expect(changes).toEqual([['0xdef']]);

    // A page that asks again (wagmi's discovery) hears it again.
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(announced).toHaveLength(2);
  });
});
