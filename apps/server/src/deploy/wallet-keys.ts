import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type Hex, hexToBytes, type LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/** Format marker, so the scheme can change later without misreading old rows. */
const VERSION = 'v1';
const IV_BYTES = 12;

/** A fresh wallet for a twin: its key (to encrypt and store) and the account it controls. */
export function generateTwinWallet(): { privateKey: Hex; account: LocalAccount } {
  const privateKey = generatePrivateKey();
  return { privateKey, account: privateKeyToAccount(privateKey) };
}

/**
 * AES-256-GCM under the server's wallet-encryption key. The wallet address is the additional
 * authenticated data: a ciphertext copied onto another twin's row fails to decrypt.
 */
export function encryptPrivateKey(privateKey: Hex, address: string, encryptionKey: Hex): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', hexToBytes(encryptionKey), iv);
  cipher.setAAD(Buffer.from(address.toLowerCase()));
  const ciphertext = Buffer.concat([cipher.update(hexToBytes(privateKey)), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(
    ':',
  );
}

/** The twin's account back from its stored ciphertext; throws if the key or the data is wrong. */
export function decryptTwinWallet(stored: string, address: string, encryptionKey: Hex): LocalAccount {
  const [version, iv, tag, ciphertext] = stored.split(':');
  if (version !== VERSION || !iv || !tag || !ciphertext) throw new Error('Unrecognised wallet key format');
  const decipher = createDecipheriv('aes-256-gcm', hexToBytes(encryptionKey), Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(address.toLowerCase()));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  const key = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]);
  const account = privateKeyToAccount(`0x${key.toString('hex')}`);
  if (account.address.toLowerCase() !== address.toLowerCase()) throw new Error('Wallet key does not match its address');
  return account;
}
