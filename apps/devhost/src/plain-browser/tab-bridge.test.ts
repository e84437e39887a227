/** @vitest-environment happy-dom */
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { devWalletBridgeMessages as messages } from '@fartwin/protocol';
import { type Hex, stringToHex, verifyMessage } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { describePrompt } from '../wallet/describe-prompt.ts';
import { createDevWallet, type WalletPrompt } from '../wallet/dev-wallet.ts';
import { answerPlainBrowserTabs, PLAIN_BROWSER_WALLET_INFO } from './tab-bridge.ts';

const MINIAPP_ORIGIN = 'http://localhost:3001';

/** A tab the dev host opened: what it is sent, and a way to send as it. */
function fakeTab() {
  const received: Record<string, unknown>[] = [];
  const tab = {
    closed: false,
    postMessage: (message: Record<string, unknown>, options: { targetOrigin: string }) => {
      expect(options.targetOrigin).toBe(MINIAPP_ORIGIN);
      received.push(message);
    },
  };
  const send = (data: unknown, origin = MINIAPP_ORIGIN) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: tab as unknown as Window }));
  const answer = async (id: number) => {
    await expect.poll(() => received.find((message) => message.id === id)).toBeDefined();
    return received.find((message) => message.id === id)!;
  };
  return { received, send, answer };
}

function devWallet(answer: boolean) {
  const prompts: WalletPrompt[] = [];
  const wallet = createDevWallet({
    account: localUserAccount(1001),
    // Nothing here reaches the chain: accounts, chain id and signatures are the wallet's own.
    rpcUrl: 'http://127.0.0.1:9',
    initialChainId: 8453,
    confirm: async (prompt) => {
      prompts.push(prompt);
      return answer;
    },
    failureMode: () => 'none',
  });
  return { wallet, prompts };
}

let stop = () => {};
afterEach(() => stop());

describe("the plain browser's wallet bridge (dev host side)", () => {
  it('answers a hello from the mini-app origin with the EIP-6963 info, and nothing from elsewhere', () => {
    const { wallet } = devWallet(true);
    const bridge = answerPlainBrowserTabs({ miniappOrigin: MINIAPP_ORIGIN, wallet: () => wallet });
    stop = bridge.stop;
    const tab = fakeTab();
    tab.send({ type: messages.hello }, 'https://elsewhere.test');
    expect(tab.received).toEqual([]);
    tab.send({ type: messages.hello });
    expect(tab.received).toEqual([{ type: messages.welcome, info: PLAIN_BROWSER_WALLET_INFO }]);
  });

  it("answers requests with the dev wallet: accounts, a confirmed signature, and a rejection's 4001", async () => {
    const confirming = devWallet(true);
    let current = confirming.wallet;
    const bridge = answerPlainBrowserTabs({ miniappOrigin: MINIAPP_ORIGIN, wallet: () => current });
    stop = bridge.stop;
    const tab = fakeTab();
    const address = localUserAccount(1001).address;

    tab.send({ type: messages.request, id: 0, method: 'eth_requestAccounts' });
    expect(await tab.answer(0)).toEqual({ type: messages.response, id: 0, result: [address] });

    const text = 'localhost:3001 wants you to sign in with your Ethereum account';
    tab.send({ type: messages.request, id: 1, method: 'personal_sign', params: [stringToHex(text), address] });
    const signed = await tab.answer(1);
    expect(await verifyMessage({ address, message: text, signature: signed.result as Hex })).toBe(true);
    // The sheet shows the text being signed, not its hex.
    expect(describePrompt(confirming.prompts[0]!).lines[0]).toBe(text);

    current = devWallet(false).wallet;
    tab.send({ type: messages.request, id: 2, method: 'personal_sign', params: [stringToHex(text), address] });
    expect((await tab.answer(2)).error).toMatchObject({ code: 4001 });
  });

  it("tells the tabs when the wallet's account or chain changes", async () => {
    const { wallet } = devWallet(true);
    const bridge = answerPlainBrowserTabs({ miniappOrigin: MINIAPP_ORIGIN, wallet: () => wallet });
    stop = bridge.stop;
    const tab = fakeTab();
    tab.send({ type: messages.hello });
    const unfollow = bridge.follow(wallet);
    bridge.emit('accountsChanged', ['0x0000000000000000000000000000000000000001']);
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
    unfollow();
    expect(tab.received.slice(1)).toEqual([
      { type: messages.event, event: 'accountsChanged', data: ['0x0000000000000000000000000000000000000001'] },
      { type: messages.event, event: 'chainChanged', data: '0x1' },
    ]);
  });
});
