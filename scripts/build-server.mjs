#!/usr/bin/env node
// Compiles the server ahead of time into dist/server, so that `npm start` runs plain JavaScript: no
// TypeScript transpiler and no esbuild process at run time (ADR 6). The source imports are extensionless
// (moduleResolution bundler), which Node's ESM loader refuses, so the server is bundled rather than
// emitted file by file.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = 'dist/server';

/**
 * Packages that load their own files at run time stay in node_modules: PGlite its WebAssembly and data files,
 * pg its optional native binding. Every other package is bundled: Node then resolves and loads one file
 * instead of about a thousand, which takes a quarter off the start-up's CPU time and about 30 MiB off its memory.
 * A package imported by one of these must not be bundled as well (two copies would not know each other).
 */
const external = ['@electric-sql/pglite', 'pg'];

/**
 * Bundled code whose own location is not the bundle's: `__dirname` and friends now point at dist/server (or
 * are undefined). Each occurrence is listed here with why it is harmless; any other fails the build, naming
 * the package to add to `external` above.
 */
const harmless = {
  'pino/lib/transport.js': 'pino transports (worker threads) are not used: the server logs to stdout',
  'thread-stream/index.js': 'only used by pino transports',
  '@fastify/swagger/lib/util/read-package-json.js': "reads swagger's own name and version in a try, only as defaults the app overrides",
};
const locationDependent = /\b__dirname\b|\b__filename\b|\bimport\.meta\.(url|resolve|dirname|filename)\b|\brequire\.resolve\b/;

rmSync(outdir, { recursive: true, force: true });
const { metafile } = await build({
  // main.js is `npm start`; reset-database.js is `npm run db:reset`; reset-access.js is `npm run reset-access`;
  // backup.js and restore.js are `npm run backup` and `npm run restore`. Code
  // they share goes into a chunk.
  entryPoints: ['src/server/main.ts', 'src/server/reset-database.ts', 'src/server/reset-access.ts', 'src/server/backup.ts', 'src/server/restore.ts'],
  outdir,
  // Chunks stay beside the entry points: our code that resolves files from import.meta.url (the migrations,
  // ../../dist/web) must see the same folder whichever file it ends up in.
  chunkNames: '[name]-[hash]',
  splitting: true,
  bundle: true,
  external,
  platform: 'node',
  format: 'esm',
  // Bundled CommonJS packages call require() for Node's built-in modules, which an ES module lacks.
  banner: { js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
  // The oldest Node that package.json's engines allows.
  target: 'node22.12',
  tsconfig: 'tsconfig.node.json',
  // Unminified: stack traces keep their names, and comments in the bundle say which file each part came from.
  minify: false,
  metafile: true,
  logLevel: 'warning',
});

const packageFile = /(?:^|\/)node_modules\/(.+)$/;
const unsafe = Object.keys(metafile.inputs).flatMap((input) => {
  const inPackage = packageFile.exec(input)?.[1];
  if (!inPackage || inPackage in harmless) return [];
  return locationDependent.test(readFileSync(input, 'utf8')) ? [inPackage] : [];
});
if (unsafe.length) {
  rmSync(outdir, { recursive: true, force: true });
  console.error(
    'build-server: these bundled files locate files relative to themselves, which breaks once bundled:\n' +
      unsafe.map((file) => `  ${file}`).join('\n') +
      '\nAdd their package to `external` in scripts/build-server.mjs (or, if harmless, to `harmless`).',
  );
  process.exit(1);
}

// src/server/db/client.ts finds its migrations at ./migrations from its own module, which is now dist/server.
cpSync('src/server/db/migrations', `${outdir}/migrations`, { recursive: true });

// @lhncbc/ucum-lhc (bundled) asks that a redistribution in built form reproduce its notice, conditions and disclaimer,
// with UCUM's and LOINC's notices (docs/third-party.md): its licence file goes beside the bundle.
cpSync('node_modules/@lhncbc/ucum-lhc/LICENSE.md', `${outdir}/LICENSE-ucum-lhc.md`);
