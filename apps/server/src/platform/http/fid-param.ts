import { fidSchema } from '@fartwin/protocol';
import { HttpError } from './errors.ts';

/** An fid from the path; 400 `invalid_fid` unless it is a positive integer. */
export function fidParam(value: string): number {
  const parsed = fidSchema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, 'invalid_fid', 'fid must be a positive integer');
  return parsed.data;
}
