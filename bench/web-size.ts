// What `/` downloads before its first paint, read from the built dist/web/index.html, and the lazy chunks it loads next.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parseSync } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = join(root, 'dist/web');

/** gzip level 9 (the most a server or CDN would typically send); sizes in kB of 1,000 bytes, as `vite build` prints them. */
export const gzipLevel = 9;

export interface WebFile {
  /** URL path, e.g. /assets/index-abc.js */
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface WebSizeFigures {
  /** JavaScript `/` loads before its first paint: blocking scripts, the entry module, modulepreloads and their static imports. */
  initialJs: WebFile[];
  initialCss: WebFile[];
  /**
   * What `/` loads once its first paint is done (ADR 20), each with its static imports not loaded before:
   * the screens' table, the dashboard's chunk, the screens' tooltips, and the header's menus and tooltips.
   */
  afterFirstPaint: { name: string; files: WebFile[] }[];
  /** Statically imported by the initial JS but not announced in index.html as a modulepreload (a request waterfall). */
  staticImportsWithoutPreload: string[];
}

/** Builds the web app when dist/web is missing or older than its sources (a no-op otherwise), as `npm start` does. */
export function ensureWebBuild(): void {
  const result = spawnSync(process.execPath, ['scripts/ensure-build.mjs', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`scripts/ensure-build.mjs failed with ${result.status ?? result.signal}`);
}

type Attributes = Partial<Record<string, string>>;

function attributes(tag: string): Attributes {
  const found: Attributes = {};
  for (const [, name = '', double, single, bare] of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    found[name.toLowerCase()] = double ?? single ?? bare ?? '';
  }
  return found;
}

function tags(html: string, name: string): Attributes[] {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  return [...withoutComments.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((match) => attributes(match[1] ?? ''));
}

/** The URL paths in `attribute` of the given tags (tags without it are left out). */
function urls(found: Attributes[], attribute: string): string[] {
  return found.flatMap((tag) => (tag[attribute] ? [localPath(tag[attribute])] : []));
}

function localPath(url: string, base = '/'): string {
  const resolved = new URL(url, `http://local${base}`);
  if (resolved.host !== 'local') throw new Error(`index.html loads ${url} from another origin; this bench only measures local files`);
  return resolved.pathname;
}

function measure(path: string): WebFile {
  const content = readFileSync(join(webRoot, path));
  return { path, bytes: content.length, gzipBytes: gzipSync(content, { level: gzipLevel }).length };
}

/** The modules a built chunk imports statically (import … from, export … from), as URL paths. */
function staticImports(path: string): string[] {
  const code = readFileSync(join(webRoot, path), 'utf8');
  const parsed = parseSync(path, code, { sourceType: 'module' });
  if (parsed.errors.length) throw new Error(`could not parse ${path}: ${parsed.errors.map((error) => error.message).join('; ')}`);
  const requests = [
    ...parsed.module.staticImports.map((entry) => entry.moduleRequest.value),
    ...parsed.module.staticExports.flatMap((entry) => entry.entries.map((item) => item.moduleRequest?.value ?? null)),
  ].filter((request): request is string => !!request);
  return [...new Set(requests)].map((request) => localPath(request, posix.dirname(path) + '/'));
}

/** `paths` plus everything they import statically, transitively. */
function withStaticImports(paths: string[]): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    if (path.endsWith('.js') || path.endsWith('.mjs')) staticImports(path).forEach(visit);
  };
  paths.forEach(visit);
  return [...seen];
}

/**
 * The lazy chunks `/` loads beside or after its first paint, which waits for none of them (ADR 20): the screens' table
 * (asked for as app/routes.tsx runs), then, once the layout is on screen, the dashboard and the tooltips and menus.
 */
const AFTER_FIRST_PAINT = ['screens', 'dashboard-page', 'tooltip-provider', 'header-controls'];

/** The URL path of the one built chunk named `name` (e.g. 'dashboard-page' for assets/dashboard-page-abc.js). */
function chunk(name: string): string {
  const files = readdirSync(join(webRoot, 'assets')).filter((file) => file.startsWith(`${name}-`) && file.endsWith('.js'));
  if (files.length !== 1) throw new Error(`expected one ${name}-*.js in dist/web/assets, found ${files.length}`);
  return `/assets/${files[0]}`;
}

export function measureWebSize(): WebSizeFigures {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const scripts = tags(html, 'script');
  const links = tags(html, 'link');
  const relOf = (link: Attributes) => (link.rel ?? '').toLowerCase().split(/\s+/);

  // Classic scripts block parsing (theme-init.js); the module entry runs before DOMContentLoaded and renders the app.
  const scriptPaths = urls(scripts.filter((script) => script.async === undefined), 'src');
  const modulePaths = urls(scripts.filter((script) => script.type === 'module'), 'src');
  const preloadPaths = urls(links.filter((link) => relOf(link).includes('modulepreload')), 'href');
  const cssPaths = urls(links.filter((link) => relOf(link).includes('stylesheet')), 'href');

  const initialJsPaths = withStaticImports([...scriptPaths, ...preloadPaths]);
  const announced = new Set([...scriptPaths, ...preloadPaths]);
  const staticImportsWithoutPreload = withStaticImports(modulePaths).filter((path) => !announced.has(path));

  const loaded = new Set(initialJsPaths);
  const afterFirstPaint = AFTER_FIRST_PAINT.map((name) => {
    const paths = withStaticImports([chunk(name)]).filter((path) => !loaded.has(path));
    paths.forEach((path) => loaded.add(path));
    return { name, files: paths.map(measure) };
  });

  return {
    initialJs: initialJsPaths.map(measure),
    initialCss: cssPaths.map(measure),
    afterFirstPaint,
    staticImportsWithoutPreload,
  };
}
