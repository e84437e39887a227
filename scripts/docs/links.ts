import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** A markdown link that does not resolve, or text a clone cannot follow. */
export interface DocProblem {
  file: string;
  line: number;
  problem: string;
}

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = [];
  let fenced = false;
  text.split('\n').forEach((content, index) => {
    if (/^\s*```/.test(content)) fenced = !fenced;
    else if (!fenced) lines.push({ line: index + 1, text: content });
  });
  return lines;
}

/** Inline code spans taken out, so a link or a citation quoted as code is not read as one. */
const withoutCode = (line: string) => line.replace(/`[^`]*`/g, '');

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a markdown file offers, duplicates numbered as GitHub numbers them. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: line } of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Citations a clone cannot open: an outside specification's sections, a tracker's numbers. */
const UNFOLLOWABLE = [/SPEC\.md/, /DESIGN\.md/, /\bissues? #?\d+/i];

/** A repository path quoted as code (`apps/server/src/app.ts`), from the root: it must exist too. */
const QUOTED_PATH = /`((?:apps|packages|scripts|bench|e2e|docs)\/[^`\s]*)`/g;
/** Placeholders (`<feature>`, `{id}`, globs) and what builds and runs write, absent from a clone. */
const NOT_IN_A_CLONE = /[<>{}*]|(^|\/)(dist|test-results|node_modules|\.data)(\/|$)/;

/** Checks one markdown file: every relative link reaches a file (and its anchor), no citation a clone cannot follow. */
export function checkMarkdown(file: string, root: string): DocProblem[] {
  const text = readFileSync(file, 'utf8');
  const problems: DocProblem[] = [];
  const at = relative(root, file);
  for (const { line, text: content } of proseLines(text)) {
    const prose = withoutCode(content);
    for (const pattern of UNFOLLOWABLE) {
      const found = pattern.exec(prose);
      if (found) problems.push({ file: at, line, problem: `cites "${found[0]}", which a clone cannot open` });
    }
    for (const match of content.matchAll(QUOTED_PATH)) {
      const path = match[1]!.replace(/:\d+$/, '');
      if (NOT_IN_A_CLONE.test(path) || existsSync(join(root, path))) continue;
      problems.push({ file: at, line, problem: `names ${path}, which does not exist` });
    }
    for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [path = '', anchor] = target.split('#', 2);
      const targetFile = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
      if (!existsSync(targetFile)) {
        problems.push({ file: at, line, problem: `links to ${target}, which does not exist` });
        continue;
      }
      if (anchor === undefined || statSync(targetFile).isDirectory()) continue;
      if (!targetFile.endsWith('.md')) continue;
      if (!anchorsOf(readFileSync(targetFile, 'utf8')).has(anchor)) {
        problems.push({ file: at, line, problem: `links to ${target}, which has no heading #${anchor}` });
      }
    }
  }
  return problems;
}

/** The markdown files the check covers: the README, the contributor guide, docs/ and bench/. */
export function docFiles(root: string): string[] {
  const files = ['README.md', 'CONTRIBUTING.md'].map((name) => join(root, name)).filter((file) => existsSync(file));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  for (const dir of ['docs', 'bench']) if (existsSync(join(root, dir))) walk(join(root, dir));
  return files;
}
