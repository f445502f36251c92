import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorText, type Envelope } from '@care/shared';
import { MultipartText } from './multipart.js';
import { TEST_PNG, signedInUser, postMultipart, useAdminApp } from '../../test/fixtures.js';

const DECLARED = 50 * 1024 * 1024;
/** What the slow sender sends at most: far below every limit, so only an answer given early arrives. */
const SEND_AT_MOST = 1024 * 1024;

interface Answer {
  status: number;
  body: Envelope<unknown>;
  connection: string | undefined;
  /** Bytes of the body written when the answer arrived. */
  sent: number;
}

/**
 * Issue 13 item 7: a multipart body is streamed by the route that declares it, after the signature and
 * session checks. These calls declare a 50 MB body and send it slowly, never finishing: an answer can
 * only arrive if the server refused the call without waiting for (or buffering) the body.
 */
describe('multipart only where declared, read after the guards', () => {
  const ctx = useAdminApp({ dataDir: true });
  let baseUrl: string;
  beforeAll(async () => {
    await ctx.t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(ctx.t.app.server.address() as AddressInfo).port}`;
  });

  const filesOnDisk = () => (fs.existsSync(`${ctx.dataDir}/uploads`) ? fs.readdirSync(`${ctx.dataDir}/uploads`, { recursive: true }).map(String).filter((f) => f.endsWith('.png')) : []);
  const companyId = async () => (await ctx.db.selectFrom('company').select('id').executeTakeFirstOrThrow()).id;

  /** A multipart POST declaring a 50 MB file, written 64 KB every 10 ms and never finished. */
  function slowUpload(path: string, query: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const boundary = '----care-slow-upload';
      const req = http.request(`${baseUrl}${path}?${new URLSearchParams(query)}`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(DECLARED), ...headers },
      });
      let sent = 0;
      let answered = false;
      const write = (chunk: Buffer) => {
        sent += chunk.length;
        req.write(chunk);
      };
      write(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`));
      write(TEST_PNG);
      const timer = setInterval(() => {
        if (sent < SEND_AT_MOST) write(Buffer.alloc(64 * 1024));
      }, 10);
      const giveUp = setTimeout(() => {
        clearInterval(timer);
        req.destroy();
        reject(new Error(`no answer after ${sent} bytes: the server waits for the body`));
      }, 8_000);
      req.on('response', (res) => {
        const at = sent;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          answered = true;
          clearInterval(timer);
          clearTimeout(giveUp);
          req.destroy();
          resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) as Envelope<unknown>, connection: res.headers.connection, sent: at });
        });
      });
      // Writing on after the server closed the connection fails; only an error before the answer counts.
      req.on('error', (err) => {
        if (answered) return;
        clearInterval(timer);
        clearTimeout(giveUp);
        reject(err);
      });
    });
  }

  it('a multipart POST to a JSON route is refused (415) before its body is read', async () => {
    const answer = await slowUpload('/online/channel/list', ctx.t.signedQuery({}, { token: ctx.admin }), { 'x-access-token': ctx.admin });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ success: false, code: '101', message: MultipartText.notHere });
    expect(answer.sent).toBeLessThan(SEND_AT_MOST);
    expect(answer.connection).toBe('close');
  });

  it('an unsigned upload is refused before its body is read, and nothing reaches the disk', async () => {
    const before = filesOnDisk().length;
    const answer = await slowUpload('/online/common/upload/createOnlineFile', { prefixPath: `${await companyId()}/routine` }, { 'x-access-token': ctx.admin });
    expect(answer.body).toMatchObject({ code: '101', message: ErrorText.badSignature });
    expect(answer.sent).toBeLessThan(SEND_AT_MOST);
    expect(answer.connection).toBe('close');
    expect(filesOnDisk().length).toBe(before);
  });

  it('a signed upload without a session is refused (302) before its body is read, and nothing reaches the disk', async () => {
    const before = filesOnDisk().length;
    const answer = await slowUpload('/online/common/upload/createOnlineFile', ctx.t.signedQuery({ prefixPath: `${await companyId()}/routine` }));
    expect(answer.body).toMatchObject({ code: '302' });
    expect(answer.sent).toBeLessThan(SEND_AT_MOST);
    expect(filesOnDisk().length).toBe(before);
  });

  it('a lead import without the import permission is refused (403) before its body is read', async () => {
    const { token: other } = await signedInUser(ctx.t, 'no_import', { actions: [] });
    const answer = await slowUpload('/online/lead/importExcel', ctx.t.signedQuery({}, { token: other }), { 'x-access-token': other });
    expect(answer.body).toMatchObject({ code: '403' });
    expect(answer.sent).toBeLessThan(SEND_AT_MOST);
  });

  it('a form field beside the file is refused: multipart calls carry their parameters in the signed query', async () => {
    const res = await postMultipart(ctx.t, '/online/common/upload/createOnlineFile', {
      token: ctx.admin,
      query: { prefixPath: `${await companyId()}/routine` },
      fields: { biz: 'avatar' },
      file: { name: 'a.png', data: TEST_PNG, type: 'image/png' },
    });
    expect(res.body).toMatchObject({ code: '101', message: MultipartText.fieldsInQuery });
  });
});
