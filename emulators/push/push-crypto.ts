/**
 * What a browser's push service and the browser do with a Web Push message, for the push emulator: check the
 * VAPID JWT (RFC 8292) and decrypt the aes128gcm payload (RFC 8188 records, RFC 8291 keys) with the subscription's
 * private key and auth secret. Node's own ECDH, HKDF, AES-GCM and ECDSA only.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';

/** A subscription's keys as a browser holds them: the ECDH pair and the auth secret. */
export type SubscriptionKeys = { ecdh: ECDH; auth: Buffer };

export function newSubscriptionKeys(): SubscriptionKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

/** `p256dh` and `auth` as `PushSubscription.toJSON()` gives them. */
export function publicKeysOf(keys: SubscriptionKeys): { p256dh: string; auth: string } {
  return {
    p256dh: keys.ecdh.getPublicKey().toString('base64url'),
    auth: keys.auth.toString('base64url'),
  };
}

export class PushCryptoError extends Error {}

const HEADER_FIXED_BYTES = 16 + 4 + 1;
const TAG_BYTES = 16;

/** RFC 8291 §3.4 and RFC 8188 §2: the plaintext of an aes128gcm body sent to these keys. */
export function decryptAes128gcm(body: Buffer, keys: SubscriptionKeys): Buffer {
  if (body.length < HEADER_FIXED_BYTES) throw new PushCryptoError('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(HEADER_FIXED_BYTES, HEADER_FIXED_BYTES + idLength);
  // RFC 8291 §4: the key id is the application server's ephemeral public key, an uncompressed P-256 point.
  if (idLength !== 65 || senderPublic[0] !== 0x04)
    throw new PushCryptoError('keyid is not an uncompressed P-256 public key');
  if (recordSize < 18) throw new PushCryptoError('record size below 18');
  let secret: Buffer;
  try {
    secret = keys.ecdh.computeSecret(senderPublic);
  } catch {
    throw new PushCryptoError('keyid is not a point on P-256');
  }
  const receiverPublic = keys.ecdh.getPublicKey();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const records = body.subarray(HEADER_FIXED_BYTES + idLength);
  if (records.length === 0) throw new PushCryptoError('no records');
  const parts: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence += 1) {
    const record = records.subarray(offset, offset + recordSize);
    const last = offset + recordSize >= records.length;
    if (record.length <= TAG_BYTES) throw new PushCryptoError('record too short');
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number is XORed into the end of the nonce (here below 2^32: the last four bytes).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
    let plain: Buffer;
    try {
      plain = Buffer.concat([
        decipher.update(record.subarray(0, record.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      throw new PushCryptoError('record does not decrypt (wrong keys or altered)');
    }
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    const delimiter = plain[end];
    if (delimiter !== (last ? 2 : 1)) throw new PushCryptoError('bad padding delimiter');
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts);
}

export type VapidClaims = { aud: string; exp: number; sub: string };

/** The longest a VAPID JWT may be valid for (RFC 8292 §2). */
const MAX_VAPID_LIFETIME_SECONDS = 24 * 60 * 60;

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292 §3): an ES256 JWT signed by the key `k`, for this
 * push service's origin, not expired nor valid for more than a day, with a mailto: or https: contact. Answers the
 * claims and the key.
 */
export function verifyVapid(
  authorization: string | undefined,
  origin: string,
  nowSeconds: number,
): { claims: VapidClaims; publicKey: string } {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!match) throw new PushCryptoError('Authorization is not vapid');
  const params = new Map(
    match[1]!.split(',').map((part) => {
      const [name, ...value] = part.trim().split('=');
      return [name!.toLowerCase(), value.join('=')] as const;
    }),
  );
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new PushCryptoError('vapid needs t and k');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) throw new PushCryptoError('k is not a P-256 public key');
  const [headerPart, claimsPart, signaturePart] = token.split('.');
  if (!headerPart || !claimsPart || !signaturePart) throw new PushCryptoError('t is not a JWT');
  const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8')) as { alg?: string };
  if (header.alg !== 'ES256') throw new PushCryptoError('JWT alg must be ES256');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${headerPart}.${claimsPart}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) throw new PushCryptoError('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString('utf8')) as Partial<VapidClaims>;
  if (claims.aud !== origin) throw new PushCryptoError(`JWT aud must be ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) throw new PushCryptoError('JWT expired');
  if (claims.exp > nowSeconds + MAX_VAPID_LIFETIME_SECONDS)
    throw new PushCryptoError('JWT exp more than 24 hours ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    throw new PushCryptoError('JWT sub must be a mailto: or https: contact');
  return { claims: claims as VapidClaims, publicKey: key };
}
