// The twin's economy as its owner and its page see it: the owner's wallet view (/you/wallet, lazy),
// and the twin's last revivers.
export { OwnerWalletLink } from './components/OwnerWalletLink.tsx';
export { RevivedBy } from './components/RevivedBy.tsx';
