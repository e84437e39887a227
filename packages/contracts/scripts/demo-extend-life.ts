/**
 * Buys one battery on a running local stack, as a user of the mini-app would: approve 1 USDC,
 * quote the swap with QuoterV2, extendLife(agentId, 1 USDC, quote less 1 %, now + 10 minutes), then
 * print the life left, the burn address's A0X before and after, and the decoded LifeExtended event.
 *
 *   CHAIN_RPC_URL   default http://127.0.0.1:8545
 *   DEPLOYMENT_FILE default <repo root>/.data/deployment.json
 *   DEMO_AGENT_ID   a twin's id (a lowercase UUID, as the server issues); default a new random one
 *   DEMO_ACCOUNT    index of the anvil dev account that pays, default 1
 */
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatUnits } from 'viem';
import { createLocalClients, fundAccounts, localDevAccount, readDeployment } from '../src/deployment.ts';
import { fartwinLifeAbi, payForBattery, quotePayerProtection, usdcAbi } from '../src/index.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const rpcUrl = process.env.CHAIN_RPC_URL ?? 'http://127.0.0.1:8545';
const deploymentFile = process.env.DEPLOYMENT_FILE ?? join(repoRoot, '.data', 'deployment.json');
const agentId = process.env.DEMO_AGENT_ID ?? randomUUID();
const payer = localDevAccount(Number(process.env.DEMO_ACCOUNT ?? '1'));
const ONE_USDC = 1_000_000n;

const deployment = readDeployment(deploymentFile);
const clients = createLocalClients(rpcUrl);
const { publicClient } = clients;
const wallet = clients.walletFor(payer);
const life = { address: deployment.fartwinLife, abi: fartwinLifeAbi } as const;
const burnedA0x = () =>
  publicClient.readContract({
    address: deployment.a0x,
    abi: usdcAbi,
    functionName: 'balanceOf',
    args: [deployment.burnAddress],
  });

console.log(`chain ${rpcUrl}, FartwinLife ${deployment.fartwinLife}, payer ${payer.address}`);
const payerUsdc = await publicClient.readContract({
  address: deployment.usdc,
  abi: usdcAbi,
  functionName: 'balanceOf',
  args: [payer.address],
});
if (payerUsdc < ONE_USDC) {
  // Local chain only: the operator owns LocalUSDC and can mint the payer what it needs.
  await fundAccounts(clients, deployment, [payer.address], { usdcPerAccount: 10n * ONE_USDC });
  console.log('funded the payer with 10 USDC (it had less than 1 USDC)');
}
const daysBefore = await publicClient.readContract({ ...life, functionName: 'getRemainingDays', args: [agentId] });
const burnBefore = await burnedA0x();

const protection = await quotePayerProtection(publicClient, deployment, ONE_USDC);
const { receipt, event } = await payForBattery(publicClient, wallet, deployment, agentId, ONE_USDC, { protection });
console.log('approved 1 USDC to FartwinLife');
console.log(
  `extendLife("${agentId}", 1 USDC, min ${formatUnits(protection.minA0xOut, 18)} A0X, deadline ${protection.deadline})` +
    ` mined in block ${receipt.blockNumber}, gas ${receipt.gasUsed}`,
);

const daysAfter = await publicClient.readContract({ ...life, functionName: 'getRemainingDays', args: [agentId] });
const burnAfter = await burnedA0x();
console.log(`remaining days: ${daysBefore} → ${daysAfter}`);
console.log(`A0X at ${deployment.burnAddress}: ${formatUnits(burnBefore, 18)} → ${formatUnits(burnAfter, 18)}`);
const { agentId: id, usdcAmount, a0xBurned, newTimeToDeath } = event.args;
console.log('LifeExtended', {
  agentId: id,
  usdcAmount: `${formatUnits(usdcAmount, 6)} USDC`,
  a0xBurned: `${formatUnits(a0xBurned, 18)} A0X`,
  newTimeToDeath: `${newTimeToDeath} (${new Date(Number(newTimeToDeath) * 1000).toISOString()})`,
});
