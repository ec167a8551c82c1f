// Ed25519 keys handed in on the command line (PEM files): `certify --sign-key`, `verify --public-key`.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { UsageError } from './args.ts';

function readKey(option: string, file: string, make: (pem: string) => KeyObject): KeyObject {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(
      `${option} ${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  let key: KeyObject;
  try {
    key = make(pem);
  } catch {
    throw new UsageError(`${option} ${file}: not a PEM key of the right kind`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new UsageError(`${option} ${file}: an ${key.asymmetricKeyType} key; certificates are signed with Ed25519`);
  return key;
}

/** The private key that signs a certificate (PKCS#8 PEM, e.g. `openssl genpkey -algorithm ed25519`). */
export const readSignKey = (file: string) => readKey('--sign-key', file, (pem) => createPrivateKey(pem));

/** The signer's public key (SubjectPublicKeyInfo PEM, e.g. `openssl pkey -pubout`). */
export const readPublicKey = (file: string) => readKey('--public-key', file, (pem) => createPublicKey(pem));
