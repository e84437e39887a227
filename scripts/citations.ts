/**
 * What `npm run lint` refuses in code, tests and config: a pointer a clone cannot follow. The product
 * spec is not in the repository and neither is the issue tracker, so a comment or a test title that
 * names the spec file, a numbered section (the section sign) or an issue number explains nothing to
 * the next reader. Markdown is left to the docs, which are checked on their own.
 */

/** One citation found: its 1-based line and the line's text. */
export interface Citation {
  line: number;
  text: string;
}

const CITATION_PATTERNS: readonly RegExp[] = [
  /SPEC\.md/,
  /\u00a7/,
  // An issue number, with or without "#", alone or in a list of them ("issues N/M", "issues N and M");
  // the verb followed by a count (the server hands out tokens) and `error.issues` are not citations.
  /\bissue\s*#?\d/i,
  /\bissues\s+#?\d+\s*(?:\/|,|&|and\b)\s*#?\d/i,
];

/** The lines of `text` that cite the spec file, a section or an issue number. */
export function findCitations(text: string): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    if (CITATION_PATTERNS.some((pattern) => pattern.test(line))) found.push({ line: index + 1, text: line.trim() });
  });
  return found;
}

/** Whether a tracked file is held to the rule: everything but Markdown. */
export function isChecked(path: string): boolean {
  return !/\.md$/i.test(path);
}
