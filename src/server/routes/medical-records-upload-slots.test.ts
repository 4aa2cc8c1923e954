import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../db/sample-documents';
import { pdfOfSize } from '../../testing/documents';
import { dataUrl } from '../../testing/factories';
import { snapshotData, useTestApp } from '../../testing/test-app';

// Large uploads at once, over real sockets: two are read, the third is told to come back (503 with Retry-After),
// and a slot is given back however its upload ends.

const t = useTestApp();
let port: number;

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});

afterAll(async () => {
  await t.app.close();
});

const LARGE = 5 * 1024 * 1024;

/** An upload that holds a slot; `refused` once the server answered it instead (its slot was taken first). */
interface HeldUpload {
  socket: Socket;
  refused: boolean;
}

/**
 * An upload whose headers announce a large body, of which only the start is sent: it holds its slot until ended. The
 * server counts the slot after an await (the sign-in hook's), so a large upload sent next can be counted first and
 * this one refused in its place: any answer after the 100 Continue marks it refused (see holdBothSlots).
 */
function heldUpload(): Promise<HeldUpload> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/medical-records HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${LARGE}\r\nExpect: 100-continue\r\n\r\n`,
      );
    });
    const held: HeldUpload = { socket, refused: false };
    socket.once('data', (answer: Buffer) => {
      const status = answer.toString('latin1').split('\r\n', 1)[0];
      if (status !== 'HTTP/1.1 100 Continue') {
        reject(new Error(`the held upload was answered ${status}`));
        return;
      }
      socket.on('data', () => {
        held.refused = true;
      });
      socket.write('{"userId":1,"filename":"held.pdf",');
      resolve(held);
    });
    socket.on('error', reject);
  });
}

const LARGE_PDF = pdfOfSize(1536 * 1024);

/** A whole upload over 1 MiB. */
async function largeUpload(): Promise<Answer> {
  const body = JSON.stringify({
    userId: t.userId,
    filename: 'scan.pdf',
    fileType: 'application/pdf',
    fileSize: LARGE_PDF.length,
    fileContents: dataUrl(LARGE_PDF, 'application/pdf'),
  });
  return post(body);
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** POST /api/medical-records over a socket, as the test app's host (inject() has no socket to hold). */
function post(body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', port, agent: false, method: 'POST', path: '/api/medical-records', headers: { host: 'localhost', 'content-type': 'application/json' } },
      (response) => {
        const pieces: Buffer[] = [];
        response.on('data', (piece: Buffer) => pieces.push(piece));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: JSON.parse(Buffer.concat(pieces).toString('utf8')) }));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Sends large uploads until one is answered with `wanted` (a slot is given back when its connection closes). */
async function uploadUntil(wanted: (status: number) => boolean): Promise<Answer> {
  for (;;) {
    const response = await largeUpload();
    if (wanted(response.status)) return response;
  }
}

/**
 * Two held uploads that both hold their slot, shown by a large upload refused while neither was. When a large upload
 * was counted before a holder, so that the holder was refused and the upload took its slot, all starts again: then
 * no upload would ever be refused, and waiting for one would wait for ever.
 */
async function holdBothSlots(): Promise<HeldUpload[]> {
  for (;;) {
    const holders = [await heldUpload(), await heldUpload()];
    for (;;) {
      const response = await largeUpload();
      if (holders.some((holder) => holder.refused)) break;
      if (response.status === 503) return holders;
    }
    for (const holder of holders) holder.socket.destroy();
  }
}

describe('POST /api/medical-records, large uploads at once', () => {
  it('reads two, answers a third 503 with Retry-After and changes nothing, and frees a slot when an upload is dropped', async () => {
    const [first, second] = await holdBothSlots();
    try {
      const before = await snapshotData(t.db);
      const refused = await largeUpload();
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.body).toEqual({ message: 'Another upload is still in progress: try again in 5 seconds' });
      expect(await snapshotData(t.db)).toEqual(before);

      first!.socket.destroy();
      const accepted = await uploadUntil((status) => status !== 503);
      expect(accepted.status).toBe(201);
    } finally {
      first!.socket.destroy();
      second!.socket.destroy();
    }
  });

  it('never holds back a small upload', async () => {
    const holders = await holdBothSlots();
    try {
      const bytes = samplePdf('Small', ['x']);
      const small = await post(
        JSON.stringify({ userId: t.userId, filename: 'small.pdf', fileType: 'application/pdf', fileSize: bytes.length, fileContents: dataUrl(bytes, 'application/pdf') }),
      );
      expect(small.status).toBe(201);
    } finally {
      for (const holder of holders) holder.socket.destroy();
    }
  });
});
