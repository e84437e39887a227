export * from './api.ts';
export * from './app-config.ts';
export * from './constants.ts';
export * from './entities.ts';
export * from './local-network.ts';
export * from './agent-actions.ts';
