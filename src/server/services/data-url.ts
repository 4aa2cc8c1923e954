const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;
const HEADER = /^data:[^,]*;base64$/i;

export interface Base64Payload {
  /** The base64 text after the comma, untouched. */
  base64: string;
  /** How many bytes it decodes to, computed without decoding it. */
  byteLength: number;
}

/** Splits 'data:{type};base64,{text}' and checks the text is strict base64; null when it is not. */
export function parseBase64DataUrl(dataUrl: string): Base64Payload | null {
  const comma = dataUrl.indexOf(',');
  if (comma < 0 || !HEADER.test(dataUrl.slice(0, comma))) return null;
  const base64 = dataUrl.slice(comma + 1);
  if (base64.length % 4 !== 0 || !BASE64_BODY.test(base64)) return null;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return { base64, byteLength: (base64.length / 4) * 3 - padding };
}

/** The first bytes only, enough to recognise a file type by its magic numbers. */
export function decodeHead(base64: string, bytes: number): Buffer {
  const chars = Math.ceil(bytes / 3) * 4;
  return Buffer.from(base64.slice(0, chars), 'base64');
}
