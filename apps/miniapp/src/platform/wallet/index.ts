export type { Address, Hash, WalletStack } from './stack.ts';
export { useWalletAddress, useWalletLoader, useWalletStack, WalletProvider } from './WalletProvider.tsx';
