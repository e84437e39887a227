import { describe, expect, it } from 'vitest';
import { type Reviver, reviverName, reviversLine } from './twin-economy-social.ts';

const counsel = { fid: 7, username: 'counsel-dao', address: '0x1111111111111111111111111111111111111111' } as const;
const alice = { fid: 8, username: 'alice', address: '0x2222222222222222222222222222222222222222' } as const;
const noAccount = { fid: null, username: null, address: '0xAbCd00000000000000000000000000000000Ef12' } as const;
type Person = Pick<Reviver, 'fid' | 'username' | 'address'>;

describe('the revivers line', () => {
  it('names a person once with how many of the listed revivals were theirs', () => {
    expect(reviversLine([counsel, counsel, counsel, counsel])).toBe('@counsel-dao ×4');
  });

  it('keeps the order people first appear in (newest first) and marks only repeats', () => {
    const revivers: Person[] = [alice, counsel, noAccount, counsel, alice, counsel];
    expect(reviversLine(revivers)).toBe('@alice ×2, @counsel-dao ×3, 0xAbCd…Ef12');
    expect(reviversLine([alice, counsel])).toBe('@alice, @counsel-dao');
  });

  it('counts one Farcaster account paying from two addresses as one person, and an address without one by the address', () => {
    const otherWallet = { ...counsel, address: '0x3333333333333333333333333333333333333333' } as const;
    const sameAddressOtherCase = { ...noAccount, address: noAccount.address.toLowerCase() as `0x${string}` };
    expect(reviversLine([counsel, otherWallet, noAccount, sameAddressOtherCase])).toBe(
      '@counsel-dao ×2, 0xAbCd…Ef12 ×2',
    );
  });

  it('is empty for no revivers, and names a payer without an account by their short address', () => {
    expect(reviversLine([])).toBe('');
    expect(reviverName(noAccount)).toBe('0xAbCd…Ef12');
    expect(reviverName(counsel)).toBe('@counsel-dao');
  });
});
