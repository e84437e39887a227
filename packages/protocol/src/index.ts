export * from './agent-actions.ts';
export * from './api.ts';
export * from './app-config.ts';
export * from './constants.ts';
export * from './entities.ts';
export * from './input-text.ts';
export * from './local-network.ts';
export * from './wallet-sign-in.ts';
