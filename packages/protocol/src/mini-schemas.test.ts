import { describe, expect, it } from 'vitest';
import { z as classic } from 'zod';
import { agentActionsUpdateSchema } from './agent-actions.ts';
import { batteryRelayRequestSchema } from './battery-relay.ts';
import { addressSchema, fidSchema } from './entities.ts';
import { storableText } from './input-text.ts';
import { newCastRequestSchema } from './local-network.ts';
import { ownerControlsUpdateSchema } from './twin-activity.ts';

// The schemas are zod/mini's (the mini-app's first loads carry no classic zod); the server parses
// with them too, and mixes them into its own classic schemas.
describe("the protocol's schemas on zod/mini", () => {
  it('coerce and bound numbers as the server reads them from paths and queries', () => {
    expect(fidSchema.parse('42')).toBe(42);
    for (const bad of ['0', '1.5', '-3', 'x', String(Number.MAX_SAFE_INTEGER + 2)]) {
      expect(fidSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('keep their own messages, and a change names at least one thing to change', () => {
    const address = addressSchema.safeParse('0x12');
    expect(address.success).toBe(false);
    expect(address.error?.issues[0]?.message).toBe('must be a 0x-prefixed 20-byte hex address');
    expect(agentActionsUpdateSchema.safeParse({}).error?.issues[0]?.message).toBe('name at least one action to change');
    expect(agentActionsUpdateSchema.safeParse({ contentWriter: true, other: 1 }).success).toBe(false);
    expect(ownerControlsUpdateSchema.parse({ askFirst: { posts: true } })).toEqual({ askFirst: { posts: true } });
    expect(ownerControlsUpdateSchema.safeParse({ askFirst: { posts: true, digests: true } }).success).toBe(false);
  });

  it('apply defaults, transforms and refinements in order', () => {
    expect(newCastRequestSchema.parse({ fid: '7', text: 'gm' })).toEqual({ fid: 7, text: 'gm', embeds: [] });
    expect(newCastRequestSchema.safeParse({ fid: 7, text: '  ' }).error?.issues[0]?.path).toEqual(['text']);
    const signed = {
      from: `0x${'1'.repeat(40)}`,
      to: `0x${'2'.repeat(40)}`,
      value: '1000000',
      validAfter: '0',
      validBefore: '99',
      nonce: `0x${'A'.repeat(64)}`,
      minA0xOut: '990000000000000000000',
      salt: `0x${'b'.repeat(64)}`,
      signature: `0x${'c'.repeat(130)}`,
    };
    const parsed = batteryRelayRequestSchema.parse(signed);
    expect(parsed.value).toBe(1_000_000n);
    expect(parsed.nonce).toBe(`0x${'a'.repeat(64)}`);
    expect(parsed.minA0xOut).toBe(990n * 10n ** 18n);
    // The payer's minimum is part of what was signed: a body without it is refused.
    const { minA0xOut: _stripped, ...unguarded } = signed;
    expect(batteryRelayRequestSchema.safeParse(unguarded).success).toBe(false);
    const huge = batteryRelayRequestSchema.safeParse({ ...signed, value: '9'.repeat(78) });
    expect(huge.error?.issues[0]?.message).toBe('must fit in a uint256');
  });

  it('storableText refines a classic zod string (the server’s) as well as a mini one', () => {
    const serverText = storableText(classic.string().max(5));
    expect(serverText.safeParse('ok').success).toBe(true);
    expect(serverText.safeParse('x\u0000').success).toBe(false);
    expect(serverText.safeParse('toolong').success).toBe(false);
    expect(serverText.max).toBeTypeOf('function');
  });
});
