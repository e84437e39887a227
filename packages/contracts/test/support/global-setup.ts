import { compileContracts } from '../../scripts/compile.ts';

export default async function setup(): Promise<void> {
  const result = await compileContracts();
  if (result.status === 'compiled') console.log(`contracts: compiled ${result.contracts} contracts for the tests`);
}
