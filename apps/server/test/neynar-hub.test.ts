import { encodeAbiParameters } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubAppKeyVerifier, NEYNAR_HUB_URL } from '../src/notify/app-keys.ts';
import { sendJson, startFakeHttp } from './fake-http.ts';
import { neynarHubSpec, specViolations } from './neynar-spec/validate.ts';

const FID = 1004;
const APP_FID = 9152;
const APP_KEY = `0x${'5e'.repeat(32)}`;

/** A SignedKeyRequest as the KeyRegistry's metadata carries it: the app that asked for the key. */
const metadata = Buffer.from(
  encodeAbiParameters(
    [
      {
        type: 'tuple',
        components: [
          { name: 'requestFid', type: 'uint256' },
          { name: 'requestSigner', type: 'address' },
          { name: 'signature', type: 'bytes' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
    ],
    [{ requestFid: BigInt(APP_FID), requestSigner: `0x${'1'.repeat(40)}`, signature: '0x1234', deadline: 1n }],
  ).slice(2),
  'hex',
).toString('base64');

/** Neynar's hub (Snapchain) API, where production checks the app keys of clients' webhook events. */
describe('app keys on Neynar’s hub', () => {
  let hub: Awaited<ReturnType<typeof startFakeHttp>>;
  const answers: { path: string; status: number; body: unknown }[] = [];
  beforeAll(async () => {
    hub = await startFakeHttp((request, response) => {
      const url = new URL(request.url, 'http://localhost');
      const body = {
        events: [
          {
            type: 'EVENT_TYPE_SIGNER',
            chainId: 10,
            blockNumber: 108_875_854,
            blockHash: `0x${'75'.repeat(32)}`,
            blockTimestamp: 1_693_350_485,
            transactionHash: `0x${'36'.repeat(32)}`,
            logIndex: 0,
            txIndex: 0,
            fid: Number(url.searchParams.get('fid')),
            signerEventBody: {
              key: APP_KEY,
              keyType: 1,
              eventType: 'SIGNER_EVENT_TYPE_ADD',
              metadata,
              metadataType: 1,
            },
          },
        ],
      };
      answers.push({ path: url.pathname, status: 200, body });
      sendJson(response, 200, body);
    });
  });
  afterAll(() => hub.close());

  it('is the Snapchain host that Neynar’s hub spec names', () => {
    expect(NEYNAR_HUB_URL).toBe(neynarHubSpec.servers[0]!.url);
    expect(NEYNAR_HUB_URL).toBe('https://snapchain-api.neynar.com');
  });

  it('finds an app key and its app among the fid’s on-chain signers, with the API key', async () => {
    const verify = hubAppKeyVerifier('neynar-key', hub.url);
    expect(await verify(FID, APP_KEY.toUpperCase().replace('0X', '0x'))).toEqual({ valid: true, appFid: APP_FID });
    expect(await verify(FID, `0x${'77'.repeat(32)}`)).toEqual({ valid: false });
    expect(hub.requests[0]!.url).toBe(`/v1/onChainSignersByFid?fid=${FID}`);
    expect(hub.requests[0]!.headers['x-api-key']).toBe('neynar-key');
    // The stand-in answered as the hub spec says.
    for (const answer of answers) expect(specViolations({ method: 'GET', ...answer }, 'hub')).toEqual([]);
  });
});
