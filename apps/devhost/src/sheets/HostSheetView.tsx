import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { ComposeSheet } from '../compose/ComposeSheet.tsx';
import { AddMiniAppSheet } from '../miniapp-install/AddMiniAppSheet.tsx';
import { AppMenuSheet } from '../miniapp-install/AppMenuSheet.tsx';
import type { InstallationControls } from '../miniapp-install/use-installation.ts';
import type { DevWallet } from '../wallet/dev-wallet.ts';
import { CastSheet } from './CastSheet.tsx';
import type { HostSheet } from './host-sheets.ts';
import type { SwapContracts } from './local-swap.ts';
import { ProfileSheet } from './ProfileSheet.tsx';
import { SwapSheet, TokenSheet } from './TokenSheet.tsx';

interface Props {
  sheet: HostSheet;
  fid: number;
  apiUrl: string;
  rpcUrl: string;
  /** The local Uniswap the swap sheet trades on; null before the chain is bootstrapped. */
  swapContracts: SwapContracts | null;
  wallet: DevWallet;
  install: InstallationControls;
  finish: <Sheet extends HostSheet>(sheet: Sheet, ...answer: Parameters<Sheet['done']>) => void;
}

/** The sheet a host action opened, over the mini-app. */
export function HostSheetView({ sheet, fid, apiUrl, rpcUrl, swapContracts, wallet, install, finish }: Props) {
  switch (sheet.kind) {
    case 'compose':
      return <ComposeSheet draft={sheet.draft} fid={fid} apiUrl={apiUrl} onDone={(cast) => finish(sheet, cast)} />;
    case 'profile':
      return <ProfileSheet fid={sheet.fid} apiUrl={apiUrl} onClose={() => finish(sheet)} />;
    case 'cast':
      return <CastSheet hash={sheet.hash} apiUrl={apiUrl} onClose={() => finish(sheet)} />;
    case 'token':
      return <TokenSheet token={sheet.token} rpcUrl={rpcUrl} onClose={() => finish(sheet)} />;
    case 'swap':
      return (
        <SwapSheet
          options={sheet.options}
          rpcUrl={rpcUrl}
          contracts={swapContracts}
          wallet={wallet}
          account={localUserAccount(fid).address}
          onDone={(result) => finish(sheet, result)}
        />
      );
    case 'add-miniapp':
      return <AddMiniAppSheet install={install} onDone={(result) => finish(sheet, result)} />;
    case 'app-menu':
      return <AppMenuSheet install={install} onClose={() => finish(sheet)} />;
  }
}
