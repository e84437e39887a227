export { ajax, type HelperBot } from './ajax.ts';
