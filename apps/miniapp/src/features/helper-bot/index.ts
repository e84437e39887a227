export { ajax } from './ajax.ts';
