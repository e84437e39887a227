/**
 * Compiles contracts/**.sol with solc-js and writes typed TypeScript modules to generated/:
 *   abis.ts             every contract's ABI `as const` (browser-safe, no bytecode)
 *   bytecode.ts         creation bytecode of every deployable contract
 *   uniswap-abis.ts     ABIs of the Uniswap V3 contracts used locally (from their npm artifacts)
 *   uniswap-bytecode.ts their creation bytecode
 * Skips the work when a hash of the inputs (sources, compiler, settings, this script) is unchanged.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const contractsDir = join(packageDir, 'contracts');
const generatedDir = join(packageDir, 'generated');
const hashFile = join(generatedDir, '.inputs-hash');
const generatedFiles = ['abis.ts', 'bytecode.ts', 'uniswap-abis.ts', 'uniswap-bytecode.ts'];

const solcSettings = {
  // Base supports Cancun (transient storage is used by ReentrancyGuardTransient).
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
};

/** Uniswap contracts deployed on the local chain, from the artifacts shipped in their npm packages. */
const uniswapArtifacts = {
  UniswapV3Factory: '@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json',
  UniswapV3Pool: '@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json',
  NonfungiblePositionManager:
    '@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json',
  QuoterV2: '@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json',
  SwapRouter02: '@uniswap/swap-router-contracts/artifacts/contracts/SwapRouter02.sol/SwapRouter02.json',
} as const;

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string; sourceLocation?: { file: string } }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

interface CompiledContract {
  name: string;
  abi: unknown[];
  /** Empty for interfaces and abstract contracts. */
  bytecode: string;
}

export interface CompileResult {
  status: 'compiled' | 'up-to-date';
  contracts: number;
  milliseconds: number;
}

export class CompileError extends Error {
  constructor(readonly messages: string[]) {
    super(`solc reported ${messages.length} error(s):\n${messages.join('\n')}`);
    this.name = 'CompileError';
  }
}

function listSolidityFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listSolidityFiles(path);
      return entry.name.endsWith('.sol') ? [path] : [];
    })
    .sort();
}

/** Source unit names are package-relative with forward slashes, e.g. `contracts/FartwinLife.sol`. */
function readSources(): Record<string, { content: string }> {
  const sources: Record<string, { content: string }> = {};
  for (const file of listSolidityFiles(contractsDir)) {
    sources[relative(packageDir, file).split(sep).join('/')] = { content: readFileSync(file, 'utf8') };
  }
  return sources;
}

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
}

function inputsHash(sources: Record<string, { content: string }>): string {
  const hash = createHash('sha256');
  const dependencies = [
    'solc',
    '@openzeppelin/contracts',
    '@uniswap/v3-core',
    '@uniswap/v3-periphery',
    '@uniswap/swap-router-contracts',
  ];
  for (const name of dependencies) hash.update(`${name}@${packageVersion(name)}\n`);
  hash.update(JSON.stringify(solcSettings));
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  for (const [name, { content }] of Object.entries(sources)) hash.update(`\0${name}\0${content}`);
  return hash.digest('hex');
}

/** Resolves `@openzeppelin/...` imports from node_modules; everything else must be a local source. */
function findImport(path: string): { contents: string } | { error: string } {
  const match = /^(@[^/]+\/[^/]+)\/(.+)$/.exec(path);
  if (!match?.[1] || !match[2]) return { error: `File not found: ${path}` };
  try {
    const packageRoot = dirname(require.resolve(`${match[1]}/package.json`));
    return { contents: readFileSync(join(packageRoot, match[2]), 'utf8') };
  } catch {
    return { error: `File not found: ${path}` };
  }
}

async function runSolc(sources: Record<string, { content: string }>): Promise<CompiledContract[]> {
  // Loaded lazily: soljson is large and not needed when nothing changed.
  const { default: solc } = (await import('solc')) as {
    default: { compile(input: string, callbacks: { import: typeof findImport }): string };
  };
  const input = { language: 'Solidity', sources, settings: solcSettings };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const diagnostics = output.errors ?? [];
  const errors = diagnostics.filter((entry) => entry.severity === 'error').map((entry) => entry.formattedMessage);
  if (errors.length > 0) throw new CompileError(errors);
  // Warnings inside OpenZeppelin are theirs to judge (e.g. the transient-storage notice on the
  // reentrancy guard they ship); ours are printed.
  const ownWarnings = diagnostics.filter(
    (entry) => entry.severity === 'warning' && !entry.sourceLocation?.file.startsWith('@openzeppelin/'),
  );
  for (const warning of ownWarnings) console.warn(warning.formattedMessage);
  const compiled: CompiledContract[] = [];
  for (const sourceName of Object.keys(sources)) {
    for (const [name, contract] of Object.entries(output.contracts?.[sourceName] ?? {})) {
      compiled.push({ name, abi: contract.abi, bytecode: contract.evm.bytecode.object });
    }
  }
  return compiled.sort((a, b) => a.name.localeCompare(b.name));
}

function readUniswapArtifacts(): CompiledContract[] {
  return Object.entries(uniswapArtifacts).map(([name, path]) => {
    const artifact = JSON.parse(readFileSync(require.resolve(path), 'utf8')) as { abi: unknown[]; bytecode: string };
    return { name, abi: artifact.abi, bytecode: artifact.bytecode.replace(/^0x/, '') };
  });
}

/** camelCase export names: `FartwinLife` → `fartwinLife`, `LocalUSDC` → `localUsdc`, `WETH9` → `weth9`. */
export function identifierFor(contractName: string): string {
  const words = contractName.match(/[A-Z0-9]+(?![a-z])|[A-Z][a-z0-9]*|[a-z0-9]+/g) ?? [contractName];
  return words
    .map((word, index) => (index === 0 ? word.toLowerCase() : word[0] + word.slice(1).toLowerCase()))
    .join('');
}

const header = (what: string) =>
  `// Generated by scripts/compile.ts from ${what}. Do not edit; run \`npm run build -w @fartwin/contracts\`.\n`;

function abiModule(contracts: CompiledContract[], what: string): string {
  const body = contracts
    .map((contract) => `export const ${identifierFor(contract.name)}Abi = ${JSON.stringify(contract.abi)} as const;\n`)
    .join('\n');
  return `${header(what)}\n${body}`;
}

function bytecodeModule(contracts: CompiledContract[], what: string): string {
  const body = contracts
    .filter((contract) => contract.bytecode.length > 0)
    .map(
      (contract) =>
        `export const ${identifierFor(contract.name)}Bytecode: \`0x\${string}\` = '0x${contract.bytecode}';\n`,
    )
    .join('\n');
  return `${header(what)}\n${body}`;
}

/** Compiles when the inputs changed since the last run; returns what it did. */
export async function compileContracts(options: { force?: boolean } = {}): Promise<CompileResult> {
  const started = performance.now();
  const sources = readSources();
  const hash = inputsHash(sources);
  const upToDate =
    !options.force &&
    existsSync(hashFile) &&
    readFileSync(hashFile, 'utf8').trim() === hash &&
    generatedFiles.every((file) => existsSync(join(generatedDir, file)));
  if (upToDate) {
    return { status: 'up-to-date', contracts: Object.keys(sources).length, milliseconds: performance.now() - started };
  }
  const contracts = await runSolc(sources);
  const uniswap = readUniswapArtifacts();
  mkdirSync(generatedDir, { recursive: true });
  writeFileSync(join(generatedDir, 'abis.ts'), abiModule(contracts, 'contracts/'));
  writeFileSync(join(generatedDir, 'bytecode.ts'), bytecodeModule(contracts, 'contracts/'));
  writeFileSync(join(generatedDir, 'uniswap-abis.ts'), abiModule(uniswap, "the Uniswap npm packages' artifacts"));
  writeFileSync(
    join(generatedDir, 'uniswap-bytecode.ts'),
    bytecodeModule(uniswap, "the Uniswap npm packages' artifacts"),
  );
  // Written last, so an interrupted run is redone next time.
  writeFileSync(hashFile, `${hash}\n`);
  return { status: 'compiled', contracts: contracts.length, milliseconds: performance.now() - started };
}

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  try {
    const result = await compileContracts({ force });
    const seconds = (result.milliseconds / 1000).toFixed(1);
    if (result.status === 'up-to-date') {
      console.log(`contracts: up to date (sources unchanged), checked in ${seconds}s`);
    } else {
      console.log(`contracts: compiled ${result.contracts} contracts with solc in ${seconds}s → generated/`);
    }
  } catch (error) {
    console.error(error instanceof CompileError ? error.message : error);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
