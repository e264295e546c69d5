import { X509Certificate, generateKeyPair, randomBytes, sign as rsaSign, type KeyObject } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import {
  issueCertificate,
  parseCertificate,
  toPem,
  type CertificateProfile,
  type TbsSigner,
} from './certificates';
import { openPkcs12, writePkcs12, type SigningKey } from './pkcs12';

/**
 * The embedded default's key material, made once in DATA_DIR/seal and reused: a local certificate authority, the
 * document seal and the time-stamping authority it certifies. Every file is mode 0600: the CA, seal and TSA keys
 * as PKCS #12 files (their passphrase, random, in `passphrase`), and the CA certificate as PEM for download.
 * Leaf certificates are reissued by the CA when they come within 30 days of expiry, no longer chain to it, or hold a
 * key no longer suitable (RSA under 3,000 bits: see LEAF_KEY).
 *
 * The CA's key is RSA-3072. The seal's and the time-stamping authority's keys are ECDSA on P-256 (LEAF_KEY).
 */

export const LOCAL_NAMES = {
  ca: 'LexServe Local CA (not publicly trusted)',
  seal: 'LexServe Document Seal (local)',
  tsa: 'LexServe Local Time-Stamping Authority (not publicly trusted)',
} as const;

export const LOCAL_FILES = {
  passphrase: 'passphrase',
  ca: 'local-ca.p12',
  caPem: 'local-ca.pem',
  seal: 'seal.p12',
  tsa: 'tsa.p12',
} as const;

const DAY = 86_400_000;
const YEAR = 365 * DAY;
const RENEW_BEFORE = 30 * DAY;

const generate = promisify(generateKeyPair);

/**
 * The seal's and the time-stamping authority's keys: ECDSA on P-256 with SHA-256. RSA-2048, the earlier default, lost
 * its suitability for signatures and seals at the end of 2025 (SOG-IS Agreed Cryptographic Mechanisms v1.3, as the
 * Bundesnetzagentur reminded trust service providers; BSI TR-02102-1 asks 3,000 bits of RSA from 2024); ECDSA on
 * P-256 stays recommended there, signs in about a tenth of RSA-2048's time and with 64 bytes instead of 256. Adobe
 * Acrobat, NSS (pdfsig) and the ETSI validators check it (docs/decisions.md).
 */
const LEAF_KEY = { type: 'ec', namedCurve: 'P-256' } as const;
/** The smallest RSA key still suitable for a seal or a time-stamp (SOG-IS ACM v1.3: 3,000 bits after 2025). */
const MIN_RSA_BITS = 3000;

type Key = { privateKey: KeyObject; pkcs8: Buffer; spki: Buffer };
async function newKey(kind: { type: 'rsa'; bits: number } | typeof LEAF_KEY): Promise<Key> {
  const { privateKey, publicKey } =
    kind.type === 'rsa'
      ? await generate('rsa', { modulusLength: kind.bits })
      : await generate('ec', { namedCurve: kind.namedCurve });
  return {
    privateKey,
    pkcs8: privateKey.export({ format: 'der', type: 'pkcs8' }),
    spki: publicKey.export({ format: 'der', type: 'spki' }),
  };
}

/** The curves an ECDSA seal or time-stamp key may use (SOG-IS ACM v1.3 and BSI TR-02102-1 list P-256, P-384, P-521). */
const SUITABLE_CURVES = new Set(['prime256v1', 'secp384r1', 'secp521r1']);

/** Whether a certificate's key is still suitable for sealing or time-stamping: ECDSA on a NIST curve, or RSA of 3,000 bits or more. */
function suitableKey(certificate: Uint8Array): boolean {
  const key = new X509Certificate(certificate).publicKey;
  const details = key.asymmetricKeyDetails;
  if (key.asymmetricKeyType === 'ec') return SUITABLE_CURVES.has(details?.namedCurve ?? '');
  return key.asymmetricKeyType === 'rsa' && (details?.modulusLength ?? 0) >= MIN_RSA_BITS;
}

const signWith =
  (key: KeyObject): TbsSigner =>
  async (tbs) =>
    rsaSign('sha256', tbs, key);

/**
 * Writes a file with mode 0600 only if it does not exist yet: another process that got there first wins, and
 * its file is the one read back. Answers whether this call created it.
 */
function writeOnce(path: string, data: Uint8Array | string): boolean {
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(tmp, data, { mode: 0o600 });
  try {
    linkSync(tmp, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** Replaces a file atomically (mode 0600). */
function replace(path: string, data: Uint8Array | string) {
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(tmp, data, { mode: 0o600 });
  renameSync(tmp, path);
}

/** A lock older than this was left by a process that died while holding it. */
const STALE_LOCK_MS = 60_000;

/** How long ago `path` was last modified (ms), or undefined when it is gone. */
function ageOf(path: string): number | undefined {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Runs `work` holding `${path}.lock` (created exclusively, holding this holder's random token): processes sharing a
 * data directory replace a key one at a time, and each then reads what the other may have done first. A lock left
 * by a process that died (older than STALE_LOCK_MS) is taken over by moving it aside under a name of the taker's
 * own: a rename moves a given file once, so of several takers one gets it; a taker that finds it moved a fresh lock
 * (another's, taken meanwhile) puts it back. A holder removes the lock only while it still holds its token.
 */
async function withLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const lock = `${path}.lock`;
  const token = randomBytes(16).toString('hex');
  for (;;) {
    try {
      writeFileSync(lock, token, { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if ((ageOf(lock) ?? 0) <= STALE_LOCK_MS) {
      await sleep(50);
      continue;
    }
    const aside = `${lock}.${token}.stale`;
    try {
      renameSync(lock, aside);
    } catch {
      continue; // another taker moved it first, or it was released: try again
    }
    if ((ageOf(aside) ?? 0) <= STALE_LOCK_MS) {
      // A fresh lock, taken after the stale one was seen: back where its holder expects it.
      try {
        linkSync(aside, lock);
      } catch {
        // A third process holds the lock meanwhile; the fresh one's holder will find its token gone and leave that be.
      }
    }
    rmSync(aside, { force: true });
  }
  try {
    return await work();
  } finally {
    let holder: string | undefined;
    try {
      holder = readFileSync(lock, 'utf8');
    } catch {
      holder = undefined;
    }
    if (holder === token) rmSync(lock, { force: true });
  }
}

export type LocalAuthority = {
  dir: string;
  /** The local CA's certificate (DER). */
  caCertificate: Buffer;
  /** Opens (issuing first if needed) the seal's or the TSA's key. */
  key(profile: 'seal' | 'tsa'): Promise<SigningKey>;
};

/** Opens the local authority in `dataDir`, creating the CA the first time. */
export async function openLocalAuthority(
  dataDir: string,
  now: () => Date = () => new Date(),
): Promise<LocalAuthority> {
  const dir = join(dataDir, 'seal');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = (name: keyof typeof LOCAL_FILES) => join(dir, LOCAL_FILES[name]);

  writeOnce(file('passphrase'), randomBytes(32).toString('base64url'));
  const passphrase = readFileSync(file('passphrase'), 'utf8').trim();

  if (!existsSync(file('ca'))) {
    const key = await newKey({ type: 'rsa', bits: 3072 });
    const start = now();
    const certificate = await issueCertificate({
      profile: 'ca',
      commonName: LOCAL_NAMES.ca,
      publicKey: key.spki,
      sign: signWith(key.privateKey),
      notBefore: new Date(start.getTime() - DAY),
      notAfter: new Date(start.getTime() + 20 * YEAR),
    });
    writeOnce(
      file('ca'),
      await writePkcs12({ key: key.pkcs8, certificate, chain: [], passphrase, friendlyName: LOCAL_NAMES.ca }),
    );
  }
  let caKey: SigningKey | undefined;
  const openCa = async () => (caKey ??= await openPkcs12(readFileSync(file('ca')), passphrase, now()));
  if (!existsSync(file('caPem'))) writeOnce(file('caPem'), toPem((await openCa()).certificate));
  const caCertificate = Buffer.from(
    readFileSync(file('caPem'), 'utf8')
      .replace(/-----[A-Z ]+-----/g, '')
      .replace(/\s+/g, ''),
    'base64',
  );

  async function issue(profile: Exclude<CertificateProfile, 'ca'>): Promise<Buffer> {
    const ca = await openCa();
    const key = await newKey(LEAF_KEY);
    const start = now();
    const caEnd = parseCertificate(ca.certificate).notAfter.value;
    const certificate = await issueCertificate({
      profile,
      commonName: LOCAL_NAMES[profile],
      publicKey: key.spki,
      issuer: ca.certificate,
      sign: ca.sign,
      notBefore: new Date(start.getTime() - DAY),
      notAfter: new Date(Math.min(start.getTime() + 5 * YEAR, caEnd.getTime())),
    });
    return writePkcs12({
      key: key.pkcs8,
      certificate,
      chain: [ca.certificate],
      passphrase,
      friendlyName: LOCAL_NAMES[profile],
    });
  }

  /** The key in `path` when it is current: it opens, chains to the CA, is not near expiry and is still suitable. */
  async function current(path: string): Promise<SigningKey | undefined> {
    const opened = await openPkcs12(readFileSync(path), passphrase, now()).catch(() => undefined);
    const ok =
      opened &&
      opened.chain.some((c) => c.equals(caCertificate)) &&
      parseCertificate(opened.certificate).notAfter.value.getTime() - now().getTime() > RENEW_BEFORE &&
      suitableKey(opened.certificate);
    return ok ? opened : undefined;
  }

  async function key(profile: 'seal' | 'tsa'): Promise<SigningKey> {
    const path = file(profile);
    if (!existsSync(path)) writeOnce(path, await issue(profile));
    const kept = await current(path);
    if (kept) return kept;
    // Reissued once, whichever process gets there first: the others read its key.
    return withLock(path, async () => {
      const meanwhile = await current(path);
      if (meanwhile) return meanwhile;
      replace(path, await issue(profile));
      return openPkcs12(readFileSync(path), passphrase, now());
    });
  }

  return { dir, caCertificate, key };
}
