import { z } from 'zod';

/**
 * What a twin's token says of who launched it, as Clanker v4 records it with the token (and
 * aggregators show and check): its image, its metadata (a description and socials) and its context
 * (the interface it was launched through, and the social platform, the poster's id and the message it
 * was launched from). The local token factory records the same, and the dev host's token sheet
 * shows it.
 */
export const tokenMetadataSchema = z.object({
  description: z.string(),
  socialMediaUrls: z.array(z.object({ platform: z.string(), url: z.string() })),
});
export const tokenContextSchema = z.object({
  interface: z.string(),
  platform: z.string().optional(),
  id: z.string().optional(),
  messageId: z.string().optional(),
});
export const tokenLaunchInfoSchema = z.object({
  image: z.string(),
  metadata: tokenMetadataSchema,
  context: tokenContextSchema,
});
export type TokenLaunchInfo = z.infer<typeof tokenLaunchInfoSchema>;
