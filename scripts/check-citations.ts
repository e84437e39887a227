/**
 * `node --import tsx scripts/check-citations.ts` (part of `npm run lint`): fails, listing file:line,
 * when a tracked file other than Markdown cites the spec file, a section or an issue number
 * (scripts/citations.ts says what counts).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCitations, isChecked } from './citations.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  .split('\0')
  .filter((path) => path !== '' && isChecked(path));

const problems: string[] = [];
for (const path of tracked) {
  let content: Buffer;
  try {
    content = readFileSync(join(root, path));
  } catch {
    continue; // Deleted in the working tree but still in the index: nothing to read.
  }
  if (content.includes(0)) continue; // Binary (images, fonts).
  for (const { line, text } of findCitations(content.toString('utf8'))) problems.push(`${path}:${line}: ${text}`);
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} line(s) cite the spec, a section or an issue number, which a clone cannot open: ` +
      'say the rule itself, or point to a file under docs/.',
  );
  process.exit(1);
}
console.log(`check-citations: ${tracked.length} files, no citations.`);
