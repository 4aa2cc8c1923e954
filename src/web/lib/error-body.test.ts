import { describe, expect, it } from 'vitest';
import { ApiError, serverMessage } from './api-client';
import { wordsOfErrorBody } from './error-body';

// nginx 1.22's own pages, byte for byte as it sends them (a body past client_max_body_size; the app not running).
const NGINX_413 =
  '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n<center><h1>413 Request Entity Too Large</h1></center>\r\n' +
  '<hr><center>nginx/1.22.1</center>\r\n</body>\r\n</html>\r\n';
const NGINX_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n' +
  '<hr><center>nginx/1.22.1</center>\r\n</body>\r\n</html>\r\n';

describe('wordsOfErrorBody', () => {
  it.each([
    ['the app’s own refusal', 413, '{"message":"Maximum file size is 20MB"}', 'Maximum file size is 20MB'],
    ['nginx’s 413 page', 413, NGINX_413, 'This is larger than the server accepts (413): a proxy in front of HealthAssist may allow less than the app does'],
    ['nginx’s 502 page', 502, NGINX_502, 'The server could not be reached (502): try again in a moment'],
    ['a 504 with an empty body', 504, '', 'The server could not be reached (504): try again in a moment'],
    ['any other page', 403, '<!doctype html><title>Forbidden</title>', 'The server answered 403'],
    ['a long text', 500, `Error: ${'x'.repeat(300)}`, 'The server answered 500'],
    ['a status text', 500, 'Internal Server Error', 'Internal Server Error'],
    ['JSON without a message', 400, '{"error":"no message here"}', '{"error":"no message here"}'],
  ])('%s', (_, status, body, words) => {
    expect(wordsOfErrorBody(status, body)).toBe(words);
  });

  it('is what a toast shows of an ApiError, whose message stays the spec’s {status}: {body}', () => {
    const error = new ApiError(413, NGINX_413);
    expect(serverMessage(error)).not.toContain('<');
    expect(serverMessage(error)).toMatch(/^This is larger than the server accepts \(413\)/);
    expect(error.message).toBe(`413: ${NGINX_413}`);
  });
});
