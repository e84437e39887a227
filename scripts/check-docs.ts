/**
 * `node --import tsx scripts/check-docs.ts` (part of `npm run lint`): every relative link in
 * README.md, CONTRIBUTING.md, docs/ and bench/ reaches a file and, for a `#anchor`, a heading in it;
 * every repository path they quote as code exists; no document cites what a clone cannot open.
 * Exits 1 naming each problem.
 */
import { fileURLToPath } from 'node:url';
import { checkMarkdown, docFiles } from './docs/links.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = docFiles(root);
const problems = files.flatMap((file) => checkMarkdown(file, root));
for (const { file, line, problem } of problems) console.error(`${file}:${line}: ${problem}`);
if (problems.length > 0) {
  console.error(`${problems.length} problem(s) in the docs`);
  process.exitCode = 1;
} else {
  console.log(`Docs: ${files.length} files, every link and path resolves`);
}
