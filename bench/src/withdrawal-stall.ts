import { randomUUID } from 'node:crypto';
import { batteryAuthorizationTypedData } from '@fartwin/contracts';
import { localUserAccount, SAMPLE_USER_FIDS } from '@fartwin/localstack';
import {
  APP_CONFIG_GLOBAL,
  type AppConfig,
  batteryRelayPath,
  batteryRelayRequest,
  twinEconomyPaths,
} from '@fartwin/protocol';
import { createPublicClient, http, keccak256, toHex } from 'viem';
import type { Benchmark } from './support/context.ts';
import { progress } from './support/progress.ts';
import { clientHeaders } from './support/sign-in.ts';
import { percentile } from './support/stats.ts';

/** Withdrawals one owner sends at once (the per-owner hourly limit lets 20 of them reach the wallet). */
const WITHDRAWALS = 50;
/** Signed revivals relayed at once, each by its own sample user (the operator signs them all). */
const RELAYS = 20;
/** Reads of the unrelated route measured alone. */
const READS_ALONE = 200;
/** Reads in flight at once, alone and during the withdrawals. */
const READERS = 4;

/** Times one GET; a failure (a 503 from a pool that ran dry) counts with its time. */
async function timedGet(url: string, failures: { count: number }): Promise<number> {
  const startedAt = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) failures.count++;
  return performance.now() - startedAt;
}

/** READERS loops of GETs until `more` says stop; every read's time. */
async function readWhile(url: string, more: (done: number) => boolean, failures: { count: number }) {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (more(times.length)) times.push(await timedGet(url, failures));
    }),
  );
  return times;
}

/**
 * The bodies of RELAYS signed revivals of `agentId`, one per sample user, as the mini-app signs
 * them: the chain and contracts are those the service tells the mini-app (/app-config.js).
 */
async function signedRevivals(serverUrl: string, agentId: string) {
  const script = await (await fetch(`${serverUrl}/app-config.js`)).text();
  const config = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';')).trim()) as AppConfig;
  if (!config.contracts || !config.batteryRelay) throw new Error(`${APP_CONFIG_GLOBAL} says relaying is off`);
  const chain = createPublicClient({ transport: http(config.rpcUrl) });
  const validBefore = (await chain.getBlock()).timestamp + 3_600n;
  return Promise.all(
    SAMPLE_USER_FIDS.slice(0, RELAYS).map(async (fid) => {
      const payer = localUserAccount(fid);
      const salt = keccak256(toHex(randomUUID()));
      const typed = batteryAuthorizationTypedData({
        chainId: config.chainId,
        usdc: config.contracts!.usdc,
        fartwinLife: config.contracts!.fartwinLife,
        from: payer.address,
        agentId,
        minA0xOut: 0n,
        salt,
        validAfter: 0n,
        validBefore,
      });
      const body = batteryRelayRequest(typed.message, { minA0xOut: 0n, salt }, await payer.signTypedData(typed));
      return { fid, body };
    }),
  );
}

/** "3× 200, 1× 409": how many requests got each status. */
const countStatuses = (statuses: number[]) =>
  Object.entries(
    statuses.reduce<Record<number, number>>((counts, status) => {
      counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    }, {}),
  )
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');

/**
 * Whether one owner, or a crowd of payers, can stall a replica: the p99 of an unrelated public read
 * (a twin owner's page) while that owner sends WITHDRAWALS withdrawals of one twin at once, each
 * more than its wallet holds, and RELAYS signed revivals are relayed at once (every one signed by
 * the operator), against the same read alone. A request that waited for a lock (the twin's wallet,
 * the operator's nonce) on a pooled connection would hold the pool, and the read would wait for it.
 */
export const withdrawalStall: Benchmark = {
  name: 'withdrawal-stall',
  async run(context, report) {
    const { bot, data } = await context.services();
    const readUrl = `${bot.url}${data.paths.byFid}`;
    // A sample twin and its owner, as the wallet route tells (200 to its owner only).
    let owned: { agentId: string; fid: number; token: string; to: string } | undefined;
    for (const agentId of data.twins) {
      for (const user of data.users.slice(0, 3)) {
        const response = await fetch(`${bot.url}${twinEconomyPaths.wallet(agentId)}`, {
          headers: { ...clientHeaders(user.fid), authorization: `Bearer ${user.token}` },
        });
        if (response.ok) {
          const wallet = (await response.json()) as { withdrawTo: string[] };
          owned = { agentId, fid: user.fid, token: user.token, to: wallet.withdrawTo[0]! };
          break;
        }
        await response.arrayBuffer();
      }
      if (owned) break;
    }
    if (!owned) throw new Error('no sample twin answered its wallet to a sample user');
    const { agentId, fid, token, to } = owned;

    progress(`${READS_ALONE} reads of ${data.paths.byFid} alone, ${READERS} at a time`);
    const aloneFailures = { count: 0 };
    const alone = await readWhile(readUrl, (done) => done < READS_ALONE, aloneFailures);

    const revivals = await signedRevivals(bot.url, agentId);
    progress(`${WITHDRAWALS} withdrawals of one twin and ${RELAYS} relays at once, the same reads meanwhile`);
    let pending = WITHDRAWALS + RELAYS;
    const statuses: number[] = [];
    const relayStatuses: number[] = [];
    const relays = revivals.map(async ({ fid: payerFid, body }) => {
      const response = await fetch(`${bot.url}${batteryRelayPath(agentId)}`, {
        method: 'POST',
        // Each payer from its own address, as 20 people would send them.
        headers: { ...clientHeaders(payerFid), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      relayStatuses.push(response.status);
      pending--;
    });
    const withdrawals = Array.from({ length: WITHDRAWALS }, async () => {
      const response = await fetch(`${bot.url}${twinEconomyPaths.withdrawals(agentId)}`, {
        method: 'POST',
        headers: { ...clientHeaders(fid), authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ idempotencyKey: randomUUID(), asset: 'usdc', amount: String(10n ** 15n), to }),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
      pending--;
    });
    const duringFailures = { count: 0 };
    // At least one read per reader, all while withdrawals are still unanswered.
    const during = await readWhile(readUrl, (done) => pending > 0 || done < READERS, duringFailures);
    await Promise.all([...withdrawals, ...relays]);

    report({
      benchmark: 'withdrawal-stall',
      metric: `GET ${data.paths.byFid} p99 during ${WITHDRAWALS} withdrawals of one owner and ${RELAYS} relays`,
      unit: 'ms',
      better: 'lower',
      subject: percentile(during, 99),
      baseline: percentile(alone, 99),
      baselineLabel: 'the same read alone',
      detail: `${during.length} reads during (${duringFailures.count} failed), ${alone.length} alone (${aloneFailures.count} failed), ${READERS} at a time; withdrawals answered ${countStatuses(statuses)}; relays answered ${countStatuses(relayStatuses)}`,
    });
  },
};
