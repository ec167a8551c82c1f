// TLS (spec 1: HTTPS only): a fresh self-signed certificate at each start, valid for 127.0.0.1, ::1 and localhost.
import { randomBytes } from 'node:crypto';
import { generate } from 'selfsigned';

export interface Certificate {
  key: string;
  cert: string;
}

export async function generateCertificate(): Promise<Certificate> {
  // A unique subject per start: clients that trust several of these certificates can tell them apart.
  const commonName = `localhost reference-target ${randomBytes(6).toString('hex')}`;
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 7 * 24 * 3600_000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
