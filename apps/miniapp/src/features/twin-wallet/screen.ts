// The owner's view of the twin's wallet (/you/wallet), loaded on demand (app/routes.tsx).
export { WalletPage } from './components/WalletPage.tsx';
