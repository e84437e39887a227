/**
 * `node --import tsx bench/src/results-markdown.ts`: writes bench/RESULTS.md again from the committed
 * bench/results/latest.json (`npm run bench` does this itself after each run).
 */
import { resultsFile, resultsMarkdownFile } from './support/paths.ts';
import { writeResultsMarkdown } from './support/results-file.ts';

writeResultsMarkdown(resultsFile, resultsMarkdownFile);
console.log(`Written to ${resultsMarkdownFile}`);
