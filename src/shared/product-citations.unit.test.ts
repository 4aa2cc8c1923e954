import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Citations of the product specification ("part 1 §4", "part 2 §3") resolve to a section of docs/product.md, which
 * says in the repository what the specification, kept outside it, asks for. The link form:
 *
 * - in code and any other text file, each cited section is followed by its link in brackets:
 *   `part 1 §4 (docs/product.md#part-1-4)`, and a list goes on `, §6 (docs/product.md#part-1-6)`;
 * - in Markdown, each cited section is a link: `[part 1 §4](product.md#part-1-4)` (relative to the document).
 *
 * Every link into docs/product.md, cited or not, must name an anchor the page has: an explicit `<a id="…"></a>` or
 * the anchor GitHub makes of a heading.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const productPath = path.join(root, 'docs', 'product.md');
const thisFile = fileURLToPath(import.meta.url);
/** Where citations may be: the code, the documents, and the browser tests and scripts beside them. */
const SCANNED = ['src', 'docs', 'e2e', 'scripts', 'bench', 'README.md'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', '.git', 'test-results']);

interface TextFile {
  /** Relative to the repository, with forward slashes. */
  file: string;
  text: string;
}

function textFiles(relative: string): TextFile[] {
  const absolute = path.join(root, relative);
  let stats;
  try {
    stats = statSync(absolute);
  } catch {
    return [];
  }
  if (stats.isDirectory()) {
    if (SKIPPED_DIRECTORIES.has(path.basename(absolute))) return [];
    return readdirSync(absolute)
      .sort()
      .flatMap((name) => textFiles(path.join(relative, name)));
  }
  if (absolute === thisFile) return [];
  const bytes = readFileSync(absolute);
  // A binary file (an image, an archive) holds a NUL somewhere near its start; a text file never does.
  if (bytes.subarray(0, 8000).includes(0)) return [];
  return [{ file: relative.split(path.sep).join('/'), text: bytes.toString('utf8') }];
}

/** GitHub's anchor of a heading: lowercased, punctuation but `-` and `_` dropped, each space a hyphen. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a link into the page may name. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/<a (?:id|name)="([^"]+)"\s*>\s*<\/a>/g)) anchors.add(match[1]!);
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+?)#*\s*$/.exec(line);
    if (heading) anchors.add(headingAnchor(heading[1]!));
  }
  return anchors;
}

interface Citation {
  part: string;
  section: string;
  /** Where the citation is, as `file:line`. */
  at: string;
  /** The link that follows it (code) or that it is the text of (Markdown); undefined when there is none. */
  link?: string;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/**
 * The citations of a file: "part N §M", and each "§M" that continues its list (", §6", " and §8", ", and §8").
 * In Markdown a cited section may be the text of a link, `[part N §M](target)` and `[§M](target)`.
 */
function citationsOf({ file, text }: TextFile): Citation[] {
  const markdown = file.endsWith('.md');
  const citations: Citation[] = [];
  const first = /(\[?)\bpart ([12]) §(\d+)/gi;
  const codeLink = / \(([^()\s]*product\.md#[^()\s]*)\)/y;
  const markdownLink = /\]\(([^()\s]*)\)/y;
  const next = /(?:,| and|, and) (\[?)§(\d+)/y;

  for (const match of text.matchAll(first)) {
    const part = match[2]!;
    let bracket = match[1]!;
    let section = match[3]!;
    let start = match.index;
    let end = match.index + match[0].length;
    for (;;) {
      let link: string | undefined;
      const linkPattern = markdown && bracket ? markdownLink : markdown ? undefined : codeLink;
      if (linkPattern) {
        linkPattern.lastIndex = end;
        const found = linkPattern.exec(text);
        if (found) {
          link = found[1];
          end = linkPattern.lastIndex;
        }
      }
      citations.push({ part, section, at: `${file}:${lineAt(text, start)}`, link });
      next.lastIndex = end;
      const more = next.exec(text);
      if (!more) break;
      start = more.index;
      bracket = more[1]!;
      section = more[2]!;
      end = next.lastIndex;
    }
  }
  return citations;
}

/** Where a link points: the file it names, resolved against the linking file, and the anchor. */
function linkTarget(from: string, link: string): { file: string; anchor: string } {
  const [target = '', anchor = ''] = link.split('#');
  if (target === '') return { file: from, anchor };
  // Code names the page from the repository's root; Markdown relative to itself.
  const base = from.endsWith('.md') ? path.posix.dirname(from) : '.';
  return { file: path.posix.normalize(path.posix.join(base, target)), anchor };
}

const PRODUCT = 'docs/product.md';
const productAnchors = anchorsOf(readFileSync(productPath, 'utf8'));
const files = SCANNED.flatMap(textFiles);

describe('citations of the product specification', () => {
  it('finds the files and the citations it checks', () => {
    expect(files.some((f) => f.file === PRODUCT)).toBe(true);
    expect(files.flatMap(citationsOf).length).toBeGreaterThan(100);
  });

  it('gives docs/product.md one anchor per section of each part', () => {
    for (const part of ['1', '2']) {
      for (let section = 1; section <= 9; section++) expect(productAnchors, `part-${part}-${section}`).toContain(`part-${part}-${section}`);
    }
  });

  it('cites only sections docs/product.md has, each with a link to its own section', () => {
    const problems: string[] = [];
    for (const textFile of files) {
      for (const citation of citationsOf(textFile)) {
        const anchor = `part-${citation.part}-${citation.section}`;
        const cited = `part ${citation.part} §${citation.section}`;
        if (!productAnchors.has(anchor)) problems.push(`${citation.at}: ${cited} has no section in ${PRODUCT}`);
        // docs/product.md's own headings name their sections without linking to themselves.
        if (textFile.file === PRODUCT) continue;
        if (citation.link === undefined) {
          const form = textFile.file.endsWith('.md') ? `[${cited}](…product.md#${anchor})` : `${cited} (${PRODUCT}#${anchor})`;
          problems.push(`${citation.at}: ${cited} is not linked; write ${form}`);
          continue;
        }
        const target = linkTarget(textFile.file, citation.link);
        if (target.file !== PRODUCT || target.anchor !== anchor) {
          problems.push(`${citation.at}: ${cited} links to ${citation.link}, not ${PRODUCT}#${anchor}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('splits no citation across lines', () => {
    const problems = files.flatMap(({ file, text }) =>
      [...text.matchAll(/\bpart [12]\s*\n[\s*/#>-]*§\d+/gi)].map((match) => `${file}:${lineAt(text, match.index)}`),
    );
    expect(problems).toEqual([]);
  });

  it('links into docs/product.md only to anchors it has', () => {
    const problems: string[] = [];
    for (const { file, text } of files) {
      const links = file.endsWith('.md')
        ? [...text.matchAll(/\]\(([^()\s]*)\)/g)].map((m) => ({ link: m[1]!, index: m.index }))
        : [...text.matchAll(/(?<![\w/.-])(docs\/product\.md#[\w-]*)/g)].map((m) => ({ link: m[1]!, index: m.index }));
      for (const { link, index } of links) {
        const target = linkTarget(file, link);
        if (target.file !== PRODUCT || !link.includes('#')) continue;
        if (!productAnchors.has(target.anchor)) problems.push(`${file}:${lineAt(text, index)}: ${link} has no anchor '${target.anchor}'`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the citation reader', () => {
  const cite = (part: number, section: number) => ['part', String(part), `§${section}`].join(' ');

  it('reads a list of sections and the link after each', () => {
    const text = `// ${cite(1, 1)} (docs/product.md#part-1-1), §6 (docs/product.md#part-1-6) and §9\n`;
    expect(citationsOf({ file: 'src/x.ts', text }).map((c) => [c.part, c.section, c.link])).toEqual([
      ['1', '1', 'docs/product.md#part-1-1'],
      ['1', '6', 'docs/product.md#part-1-6'],
      ['1', '9', undefined],
    ]);
  });

  it('reads Markdown links, relative to the document', () => {
    const text = `as [${cite(2, 4)}](../product.md#part-2-4) and [§5](../product.md#part-2-5); ${cite(1, 7)} alone`;
    const found = citationsOf({ file: 'docs/decisions/x.md', text });
    expect(found.map((c) => [c.section, c.link && linkTarget('docs/decisions/x.md', c.link)])).toEqual([
      ['4', { file: PRODUCT, anchor: 'part-2-4' }],
      ['5', { file: PRODUCT, anchor: 'part-2-5' }],
      ['7', undefined],
    ]);
  });

  it("makes GitHub's anchors of headings", () => {
    expect(headingAnchor('Part 1 §4 — States and transitions')).toBe('part-1-4--states-and-transitions');
    expect(headingAnchor('Beyond the specification')).toBe('beyond-the-specification');
  });
});
