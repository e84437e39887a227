import { CLANKERS } from 'clanker-sdk';
import { isAddressEqual, type PublicClient, parseAbi } from 'viem';

/** The views of Clanker v4 (factory, locker, token) that say who a token belongs to. */
const clankerRecordsAbi = parseAbi([
  'function tokenDeploymentInfo(address token) view returns ((address token, address hook, address locker, address[] extensions))',
  'function tokenRewards(address token) view returns ((address token, (address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks) poolKey, uint256 positionId, uint256 numPositions, uint16[] rewardBps, address[] rewardAdmins, address[] rewardRecipients))',
  'function admin() view returns (address)',
]);

/**
 * Whether the token at `token` is the twin's: deployed through Clanker v4's factory, administered by
 * the twin's wallet, and paying every reward to it (reward admins and recipients). A token someone
 * else deployed at the predicted address (front-running the deploy with other reward recipients)
 * is not, and is never taken for the twin's.
 */
export async function isTwinsClankerToken(
  client: PublicClient,
  token: `0x${string}`,
  owner: `0x${string}`,
): Promise<boolean> {
  const factory = CLANKERS.clanker_v4.address;
  const info = await client.readContract({
    address: factory,
    abi: clankerRecordsAbi,
    functionName: 'tokenDeploymentInfo',
    args: [token],
  });
  if (!isAddressEqual(info.token, token) || isAddressEqual(info.locker, '0x0000000000000000000000000000000000000000')) {
    return false;
  }
  const [admin, rewards] = await Promise.all([
    client.readContract({ address: token, abi: clankerRecordsAbi, functionName: 'admin' }),
    client.readContract({ address: info.locker, abi: clankerRecordsAbi, functionName: 'tokenRewards', args: [token] }),
  ]);
  const allOwner = (addresses: readonly `0x${string}`[]) =>
    addresses.length > 0 && addresses.every((address) => isAddressEqual(address, owner));
  return isAddressEqual(admin, owner) && allOwner(rewards.rewardAdmins) && allOwner(rewards.rewardRecipients);
}
