import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

// A passkey without a browser, for the server's tests: an EC P-256 key made with node:crypto, answering WebAuthn
// ceremonies as an authenticator with 'none' attestation does (WebAuthn Level 3 §6.1, §6.5; COSE RFC 9053). What it
// returns is the JSON @simplewebauthn/browser sends, so the server checks it exactly as it checks a real one.

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED_DATA = 0x40;
const COSE_EC2_P256_ES256 = { kty: 2, alg: -7, crv: 1 } as const;

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface SoftwareAuthenticatorOptions {
  /** Synced to other devices (the BE and BS flags). */
  backedUp?: boolean;
  /** Whether the user was verified (a PIN, a fingerprint): the UV flag. True unless told otherwise. */
  userVerified?: boolean;
}

const sha256 = (data: Uint8Array | string): Uint8Array<ArrayBuffer> => new Uint8Array(createHash('sha256').update(data).digest());
const uint32 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
};
const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

export class SoftwareAuthenticator {
  readonly credentialId = isoBase64URL.fromBuffer(new Uint8Array(randomBytes(16)));
  /** The signature counter; set it back to play a cloned authenticator. */
  counter = 0;
  /** The UV flag of the next answer; set it false to play a security key touched without its PIN. */
  userVerified: boolean;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private userHandle: string | null = null;

  constructor(private readonly options: SoftwareAuthenticatorOptions = {}) {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }));
    this.userVerified = options.userVerified ?? true;
  }

  /** navigator.credentials.create(): a new credential for the options' relying party, as @simplewebauthn/browser returns it. */
  register(options: CreationOptions, origin: string) {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, origin);
    const credentialId = isoBase64URL.toBuffer(this.credentialId);
    const attestedData = concat(new Uint8Array(16), new Uint8Array([credentialId.length >> 8, credentialId.length & 0xff]), credentialId, this.coseKey());
    const authData = concat(this.authenticatorData(rpId, FLAG_ATTESTED_DATA), attestedData);
    const attestationObject = isoCBOR.encode(new Map<string, string | Map<string, never> | Uint8Array>([['fmt', 'none'], ['attStmt', new Map<string, never>()], ['authData', authData]]));
    return this.credential({
      clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
      attestationObject: isoBase64URL.fromBuffer(attestationObject),
      transports: ['internal'],
    });
  }

  /** navigator.credentials.get(): an assertion over the options' challenge, signed with this credential's key. */
  authenticate(options: RequestOptions, origin: string) {
    const rpId = options.rpId ?? new URL(origin).hostname;
    this.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const authenticatorData = this.authenticatorData(rpId, 0);
    const signature = sign('sha256', concat(authenticatorData, sha256(clientDataJSON)), this.privateKey);
    return this.credential({
      clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
      authenticatorData: isoBase64URL.fromBuffer(authenticatorData),
      signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
      ...(this.userHandle === null ? {} : { userHandle: this.userHandle }),
    });
  }

  /** The PublicKeyCredential around a ceremony's response, as @simplewebauthn/browser hands it to the server. */
  private credential<Response>(response: Response) {
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response,
    };
  }

  private clientData(type: string, challenge: string, origin: string): Uint8Array<ArrayBuffer> {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authenticatorData(rpId: string, extraFlags: number): Uint8Array<ArrayBuffer> {
    const { backedUp = false } = this.options;
    const flags =
      FLAG_USER_PRESENT | (this.userVerified ? FLAG_USER_VERIFIED : 0) | (backedUp ? FLAG_BACKUP_ELIGIBLE | FLAG_BACKED_UP : 0) | extraFlags;
    return concat(sha256(rpId), new Uint8Array([flags]), uint32(this.counter));
  }

  /** The public key as COSE_Key: {1: kty, 3: alg, -1: crv, -2: x, -3: y}. */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, COSE_EC2_P256_ES256.kty],
        [3, COSE_EC2_P256_ES256.alg],
        [-1, COSE_EC2_P256_ES256.crv],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  }
}
