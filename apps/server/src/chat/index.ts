// A signed-in user's chat with a twin: limits, the reply (JSON or streamed) and the stored
// conversation.
export { chatRoutes } from './routes.ts';
