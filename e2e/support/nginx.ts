import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentedNginxSite, placeNginxSite } from './documented-nginx';
import { freePort } from './server';

/** Debian's nginx, which .ci/run installs beside Chromium. */
export const NGINX = '/usr/sbin/nginx';
export const nginxInstalled = () => existsSync(NGINX);

export interface RunningNginx {
  /** https://{name}:{port}, the address the browser opens. */
  url: string;
  httpPort: number;
  httpsPort: number;
  /** Its access log so far, one line per request, as nginx's combined format writes it. */
  accessLog(): string;
  stop(): Promise<void>;
}

/** A certificate for `name` that no one signed, made now, as a self-hoster's test setup would. */
function selfSignedCertificate(folder: string, name: string) {
  const certificate = join(folder, 'certificate.pem');
  const key = join(folder, 'key.pem');
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`, '-keyout', key, '-out', certificate],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { certificate, key };
}

/**
 * The main file around the documented site: what Debian's /etc/nginx/nginx.conf sets that matters to a proxy (gzip
 * on, the combined access log), with every file nginx writes in this run's own folder. As root (CI) the workers
 * would drop to nobody, who cannot enter that folder: they stay root, as nothing else runs here.
 */
function mainConfiguration(prefix: string, site: string): string {
  return [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    'events { worker_connections 256; }',
    'http {',
    '    default_type application/octet-stream;',
    '    sendfile on;',
    '    gzip on;',
    `    access_log ${join(prefix, 'access.log')} combined;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${join(prefix, kind)};`),
    site,
    '}',
    '',
  ].join('\n');
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export interface NginxOptions {
  /** The public name, which the certificate is made for. */
  name: string;
  /** The port of https, chosen before the app starts: the app's ALLOWED_HOSTS names it. */
  httpsPort: number;
  /** Where the app listens. */
  appPort: number;
}

/** nginx in the foreground with docs/deploying.md's configuration, in front of the app. */
export async function startNginx({ name, httpsPort, appPort }: NginxOptions): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'healthassist-nginx-'));
  const { certificate, key } = selfSignedCertificate(prefix, name);
  let httpPort = await freePort();
  while (httpPort === httpsPort) httpPort = await freePort();
  const site = placeNginxSite(documentedNginxSite(), { httpPort, httpsPort, appPort, certificate, key });
  const configuration = join(prefix, 'nginx.conf');
  writeFileSync(configuration, mainConfiguration(prefix, site));

  const child = spawn(NGINX, ['-p', prefix, '-e', 'stderr', '-c', configuration, '-g', `daemon off; pid ${join(prefix, 'nginx.pid')};`], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    process.stderr.write(chunk);
  });
  const deadline = Date.now() + 20_000;
  while (!(await listening(httpsPort))) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not listen on ${httpsPort} within 20 s: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `https://${name}:${httpsPort}`,
    httpPort,
    httpsPort,
    accessLog: () => readFileSync(join(prefix, 'access.log'), 'utf8'),
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(prefix, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          done();
        });
        // nginx's fast shutdown: open connections are closed, not waited for.
        child.kill('SIGTERM');
      }),
  };
}
