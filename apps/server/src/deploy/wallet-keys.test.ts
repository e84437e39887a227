import { describe, expect, it } from 'vitest';
import { decryptTwinWallet, encryptPrivateKey, generateTwinWallet } from './wallet-keys.ts';

const KEY = `0x${'42'.repeat(32)}` as const;
const OTHER_KEY = `0x${'43'.repeat(32)}` as const;

describe('twin wallet keys', () => {
  it('encrypts a fresh key so that only the right key and address get the account back', () => {
    const { privateKey, account } = generateTwinWallet();
    const stored = encryptPrivateKey(privateKey, account.address, KEY);
    expect(stored).not.toContain(privateKey.slice(2));
    expect(decryptTwinWallet(stored, account.address, KEY).address).toBe(account.address);
    expect(() => decryptTwinWallet(stored, account.address, OTHER_KEY)).toThrow();
    // Another twin's address (the authenticated data) does not decrypt this ciphertext.
    const other = generateTwinWallet().account.address;
    expect(() => decryptTwinWallet(stored, other, KEY)).toThrow();
  });

  it('uses a new IV each time and refuses a tampered or unknown format', () => {
    const { privateKey, account } = generateTwinWallet();
    const first = encryptPrivateKey(privateKey, account.address, KEY);
    expect(encryptPrivateKey(privateKey, account.address, KEY)).not.toBe(first);
    const [version, iv, tag, ciphertext] = first.split(':');
    const flipped = `${ciphertext!.startsWith('A') ? 'B' : 'A'}${ciphertext!.slice(1)}`;
    expect(() => decryptTwinWallet([version, iv, tag, flipped].join(':'), account.address, KEY)).toThrow();
    expect(() => decryptTwinWallet(`v0:${iv}:${tag}:${ciphertext}`, account.address, KEY)).toThrow(
      'Unrecognised wallet key format',
    );
  });
});
