import type { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedLookup, destinationProblem, isPublicAddress } from '../src/platform/outgoing/destination-rules.ts';
import { OutgoingRequestFailed, postJson } from '../src/platform/outgoing/post-json.ts';
import { startFakeHttp } from './fake-http.ts';

const LIMITS = { timeoutMs: 2_000, maxResponseBytes: 64 * 1024 };

/** A DNS server's answers, as `dns.lookup` gives them (all addresses). */
function answeringDns(records: Record<string, string[]>): typeof dnsLookup {
  return ((
    hostname: string,
    _options: unknown,
    callback: (error: Error | null, addresses: LookupAddress[]) => void,
  ) => {
    const addresses = records[hostname];
    if (!addresses)
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  }) as typeof dnsLookup;
}
const PRODUCTION = { production: true };
const LOCAL = { production: false };

/** Outgoing requests to user-supplied URLs: checked destinations, no redirects, capped answers. */
describe('outgoing requests to URLs users give us', () => {
  const internal = { hits: 0 };
  let internalServer: Awaited<ReturnType<typeof startFakeHttp>>;
  let redirecting: Awaited<ReturnType<typeof startFakeHttp>>;
  let flooding: Awaited<ReturnType<typeof startFakeHttp>>;

  beforeAll(async () => {
    internalServer = await startFakeHttp((_request, response) => {
      internal.hits++;
      response.end('{"secret":"internal"}');
    });
    redirecting = await startFakeHttp((_request, response) => {
      response.writeHead(302, { location: `${internalServer.url}/admin` });
      response.end();
    });
    flooding = await startFakeHttp((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      // Megabytes, as fast as the socket takes them, until the client hangs up.
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) {}
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
    });
  });
  afterAll(async () => {
    await Promise.all([internalServer.close(), redirecting.close(), flooding.close()]);
  });

  it('tells public unicast addresses from private, loopback, link-local, mapped and reserved ones', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses in production what is not https or names a non-public address, before connecting', () => {
    expect(destinationProblem('https://api.farcaster.xyz/v1/frame-notifications', PRODUCTION)).toBeNull();
    expect(destinationProblem('http://api.farcaster.xyz/notify', PRODUCTION)).toBe('not an https URL');
    expect(destinationProblem('https://127.0.0.1/notify', PRODUCTION)).toBe('a private, loopback or reserved address');
    expect(destinationProblem('https://[::ffff:169.254.169.254]/', PRODUCTION)).toBe(
      'a private, loopback or reserved address',
    );
    expect(destinationProblem('https://localhost:3000/x', PRODUCTION)).toBe('a loopback host');
    expect(destinationProblem('https://user:pw@example.com/', PRODUCTION)).toBe('a URL with credentials');
    expect(destinationProblem('file:///etc/passwd', LOCAL)).toBe('not an http(s) URL');
    // Locally the dev host is on http://localhost.
    expect(destinationProblem('http://localhost:3000/notify', LOCAL)).toBeNull();
  });

  it('checks the addresses a name resolves to when connecting, so DNS cannot point it inside', async () => {
    const lookup = checkedLookup(PRODUCTION);
    const error = await new Promise<Error | null>((resolve) => lookup('localhost', {}, (failure) => resolve(failure)));
    expect(error?.message).toBe('localhost resolves to a non-public address');
    // A public-looking name whose DNS answer points inside: only the lookup at connect time can
    // refuse it. The refusal itself is asserted (a failed TLS handshake with the plain-http server,
    // or no such name, would fail the request too).
    const rebinding = { ...PRODUCTION, resolve: answeringDns({ 'notify.example.com': ['8.8.8.8', '127.0.0.1'] }) };
    const refused = postJson(`https://notify.example.com:${internalServer.port}/`, {}, rebinding, LIMITS);
    await expect(refused).rejects.toThrow(OutgoingRequestFailed);
    await expect(refused).rejects.toMatchObject({
      message: 'refused: notify.example.com resolves to a non-public address',
      retryable: false,
    });
    expect(internal.hits).toBe(0);
  });

  it('never follows a redirect (one to loopback reaches nothing)', async () => {
    const answer = await postJson(`${redirecting.url}/notify`, { tokens: [] }, LOCAL, LIMITS);
    expect(answer.status).toBe(302);
    expect(answer.body).toBe('');
    expect(internal.hits).toBe(0);
  });

  it('stops reading an answer past the cap, and the process carries on', async () => {
    const reading = postJson(`${flooding.url}/notify`, {}, LOCAL, LIMITS);
    await expect(reading).rejects.toThrow('response over 65536 bytes');
    await expect(reading).rejects.toMatchObject({ retryable: true });
    // Still here, and the next request works.
    expect((await postJson(`${internalServer.url}/ok`, {}, LOCAL, LIMITS)).status).toBe(200);
  });
});
