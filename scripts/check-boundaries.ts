/**
 * `node --import tsx scripts/check-boundaries.ts` (part of `npm run lint`): fails when the code
 * breaks the layout rule (scripts/boundaries/boundaries.ts) in a way not listed in
 * scripts/boundaries/known-violations.json, the debt the layout still carries, which only shrinks:
 * an entry that no longer occurs fails the check too, until it is taken off the list.
 *
 *   node --import tsx scripts/check-boundaries.ts --write   (writes the list as the code is now)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkLayout, checkPackages, LAYOUTS } from './boundaries/boundaries.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const knownFile = new URL('./boundaries/known-violations.json', import.meta.url);
const violations = [...LAYOUTS.flatMap((layout) => checkLayout(root, layout)), ...checkPackages(root, ['scripts'])];
const found = [...new Set(violations.map((violation) => violation.key))].sort();

if (process.argv.includes('--write')) {
  writeFileSync(knownFile, `${JSON.stringify(found, null, 2)}\n`);
  console.log(`check-boundaries: ${found.length} known violation(s) written`);
  process.exit(0);
}

const known = new Set<string>(JSON.parse(readFileSync(knownFile, 'utf8')));
const added = found.filter((key) => !known.has(key));
const gone = [...known].filter((key) => !found.includes(key));
if (added.length > 0) {
  console.error(added.join('\n'));
  console.error(
    `\n${added.length} new break(s) of the layout rule: enter another feature through its index.ts (its ` +
      'screen.ts with import() only), keep those entries to re-exports, keep infrastructure from importing ' +
      'features, break the cycle, and import a workspace package by its name and what it exports ' +
      '(CONTRIBUTING.md, "Layout").',
  );
}
if (gone.length > 0) {
  console.error(gone.join('\n'));
  console.error(
    `\n${gone.length} known break(s) no longer occur: take them off scripts/boundaries/known-violations.json ` +
      '(`node --import tsx scripts/check-boundaries.ts --write`).',
  );
}
if (added.length > 0 || gone.length > 0) process.exit(1);
console.log(`check-boundaries: no new break of the layout rule (${known.size} known).`);
