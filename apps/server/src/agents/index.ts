// The twins' directory: records, the public view of a twin and the directory's routes.
export { directoryRoutes } from './routes.ts';
