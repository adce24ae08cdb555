// Citations of the product's rules and the HTTP contract must point into this repository: at
// docs/product.md by section number and at docs/api.md by section name. A clone has no file outside the
// repository, so a citation of one (the old spec and contract files) would send a reader nowhere; nor
// has it the tracker, so no comment or doc cites an issue by number, and every file path a doc or a
// comment names must be a file of the repository.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..');

/** Files that can carry a citation: sources, styles, docs, config. */
const CITING_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|json|ya?ml|sh|css|html)$/;

/** Generated files, and this check and its test, which spell out what they refuse. */
const NOT_CHECKED = new Set([
  'package-lock.json',
  'test-support/doc-citations.ts',
  'test-support/doc-citations.test.ts',
]);

/** What a citation of a file outside the repository looks like, and why it is refused. */
const OUTSIDE_CITATIONS: readonly { pattern: RegExp; why: string }[] = [
  // The workspace's ../shared (its spec and design), not a folder of the repository named shared (the
  // web back office's `../shared/fields` and the like).
  { pattern: /\bshared\/(spec|design)\b|\.\.\/shared(?![\w/-])/i, why: 'a path outside the repository' },
  { pattern: /product-spec/i, why: 'the old spec file: cite docs/product.md section N' },
  { pattern: /\bcontract\.md\b/i, why: 'the old contract file: cite docs/api.md, "Section"' },
  { pattern: /\bspec\s+(sections?\s+\d|§)/i, why: 'the old spec by number: cite docs/product.md section N' },
];

export interface Finding {
  file: string;
  line: number;
  text: string;
  why: string;
}

/** Tracked files and new ones not ignored, relative to the repository root, that exist. */
export function repositoryFiles(root = REPO_ROOT): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\0'))].filter((file) => file !== '' && fs.existsSync(path.join(root, file)));
}

/** Generated copies of the sources (the mutation run's stored results), not read by anyone as prose. */
const GENERATED = /^reports\//;

/** The repository's files that can cite: sources, docs, config. */
export function citingFiles(root = REPO_ROOT): string[] {
  return repositoryFiles(root).filter(
    (file) =>
      CITING_FILE.test(file) &&
      !GENERATED.test(file) &&
      !NOT_CHECKED.has(file) &&
      !NOT_CHECKED.has(path.basename(file)),
  );
}

/** Lines of `text` that cite a file outside the repository. */
export function outsideCitations(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, why } of OUTSIDE_CITATIONS) {
      if (pattern.test(line)) findings.push({ file, line: index + 1, text: line.trim(), why });
    }
  });
  return findings;
}

/**
 * "docs/product.md section 4", "docs/product.md sections 2, 4 and 8" (also broken over two comment
 * lines): the section numbers cited, with the line of each citation.
 */
export function citedProductSections(text: string): { section: number; line: number }[] {
  const citation = /docs\/product\.md[\s/*#,]+sections?\s+(\d+(?:(?:\s*,\s*|\s+and\s+|\s*-\s*)\d+)*)/gi;
  const cited: { section: number; line: number }[] = [];
  for (const match of text.matchAll(citation)) {
    const line = text.slice(0, match.index).split('\n').length;
    for (const number of match[1]!.match(/\d+/g)!) cited.push({ section: Number(number), line });
  }
  return cited;
}

/** 'docs/api.md, "Device gateway"': the section names cited, with the line of each citation. */
export function citedApiSections(text: string): { name: string; line: number }[] {
  const citation = /docs\/api\.md[\s/*#]*,\s*"([^"\n]+)"/gi;
  return [...text.matchAll(citation)].map((match) => ({
    name: match[1]!,
    line: text.slice(0, match.index).split('\n').length,
  }));
}

/**
 * 'docs/operations.md, "Metrics"', 'BENCHMARKS.md, "Web first load"': citations of a section by name in
 * any other document of docs/ (api.md has its own check) or in BENCHMARKS.md, with the document, the
 * name and the line of each.
 */
export function citedDocSections(text: string): { doc: string; name: string; line: number }[] {
  const citation = /\b(docs\/[\w-]+\.md|BENCHMARKS\.md)[\s/*#]*,[\s/*#]*"([^"\n]+)"/g;
  return [...text.matchAll(citation)]
    .filter((match) => match[1] !== 'docs/api.md')
    .map((match) => ({
      doc: match[1]!,
      name: match[2]!,
      line: text.slice(0, match.index).split('\n').length,
    }));
}

/** The names of every heading of a markdown document, at any level. */
export function headingNames(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1]!.trim());
}

/** The numbers of the top-level sections of docs/product.md ("## 4. States and transitions"). */
export function productSectionNumbers(markdown: string): Set<number> {
  return new Set([...markdown.matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1])));
}

/** The names of the top-level sections of docs/api.md ("## Device gateway (machine-facing)"). */
export function apiSectionNames(markdown: string): string[] {
  return [...markdown.matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim());
}

/** A cited name matches a section that is named so, or so with a qualifier after it. */
export function isApiSection(name: string, sections: readonly string[]): boolean {
  return sections.some((section) => section === name || section.startsWith(`${name} (`));
}

/** The relative targets of a markdown file's links (`[api.md](api.md)`), without any #anchor. */
export function relativeLinks(markdown: string): { target: string; line: number }[] {
  const link = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;
  return [...markdown.matchAll(link)]
    .filter((match) => !/^[a-z][a-z0-9+.-]*:/i.test(match[1]!))
    .map((match) => ({ target: match[1]!, line: markdown.slice(0, match.index).split('\n').length }));
}

/** "issue 42", "Issue 7's", "issues 5 and 14", "issue #3": a citation of the tracker, which a clone lacks. */
const ISSUE_NUMBER = /\bissues?\s+#?\d+/i;

/** Lines of `text` that cite an issue by number. */
export function issueNumberCitations(file: string, text: string): Finding[] {
  return text.split('\n').flatMap((line, index) =>
    ISSUE_NUMBER.test(line)
      ? [
          {
            file,
            line: index + 1,
            text: line.trim(),
            why: 'an issue number: say the reason, or cite the doc',
          },
        ]
      : [],
  );
}

/** A repository path named in prose: `apps/server/src/ledger/batch.ts`, `docs/api.md`, `auth/throttle.ts`. */
const MENTIONED_PATH = /(?<![\w./@*<>{}$-])(?:\.{1,2}\/)?(?:[\w-]+\/)*[\w.-]*[\w-]\.(?:tsx?|md)\b(?![\w/-])/g;

/**
 * The comment text of a source file, line by line (other lines empty, so line numbers hold): `//` comments,
 * the inside of block comments and of `{/* ... *\/}`. A `//` inside a string (`'https://...'`) is not a
 * comment; a line that opens a string before its `//` is read as code, which at worst misses a mention.
 */
export function commentLines(text: string): string[] {
  let inBlock = false;
  return text.split('\n').map((line) => {
    if (inBlock) {
      const end = line.indexOf('*/');
      if (end === -1) return line;
      inBlock = false;
      return line.slice(0, end);
    }
    const trimmed = line.trimStart();
    if (trimmed.startsWith('//')) return trimmed.slice(2);
    const block = line.indexOf('/*');
    if (block !== -1 && !/['"`]/.test(line.slice(0, block))) {
      const end = line.indexOf('*/', block + 2);
      if (end === -1) inBlock = true;
      return line.slice(block + 2, end === -1 ? undefined : end);
    }
    const trailing = /\s\/\/\s(.*)$/.exec(line);
    return trailing && !/['"`]/.test(line.slice(0, trailing.index)) ? trailing[1]! : '';
  });
}

/** The `.ts`, `.tsx` and `.md` file paths a text names, with the line of each (URLs left out). */
export function mentionedPaths(text: string): { path: string; line: number }[] {
  return text.split('\n').flatMap((line, index) =>
    [...line.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ').matchAll(MENTIONED_PATH)].map((match) => ({
      path: match[0],
      line: index + 1,
    })),
  );
}

/**
 * Whether a path named in `file` is a file of the repository: from the repository's root or from the
 * naming file's folder or any folder above it (`auth/throttle.ts` inside apps/server/src); else as the
 * end of some repository path (a workspace's own way of naming its files). A bare name (`index.ts`,
 * `batch-decide.ts`) is often a kind of file, not one file, so any file of that name will do.
 */
export function pathExists(
  mention: string,
  file: string,
  files: readonly string[],
  root = REPO_ROOT,
): boolean {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(root, dir, mention))) return true;
    if (dir === '.' || dir === '') break;
  }
  const tail = `/${mention.replace(/^(\.{1,2}\/)+/, '')}`;
  return files.some((candidate) => `/${candidate}`.endsWith(tail));
}
