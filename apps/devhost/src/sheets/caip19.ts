/** A CAIP-19 asset id, e.g. `eip155:8453/erc20:0x…` or `eip155:8453/native`. */
export interface AssetId {
  chainId: number | null;
  /** The ERC-20 contract, when the asset is one. */
  address: `0x${string}` | null;
  /** e.g. "erc20", "native", "slip44:60". */
  kind: string;
}

export function parseAssetId(id: string): AssetId | null {
  const match = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})\/([-a-z0-9]{3,8})(?::([-.%a-zA-Z0-9]{1,128}))?$/.exec(id);
  if (!match) return null;
  const [, namespace, reference, assetNamespace, assetReference] = match;
  const address =
    assetNamespace === 'erc20' && /^0x[0-9a-fA-F]{40}$/.test(assetReference ?? '') ? assetReference : null;
  return {
    chainId: namespace === 'eip155' ? Number(reference) : null,
    address: address as `0x${string}` | null,
    kind: assetReference && !address ? `${assetNamespace}:${assetReference}` : assetNamespace!,
  };
}
