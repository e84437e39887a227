import { z } from 'zod';

/** The dev host backend's reading of a page's mini-app embed (GET, `?url=`): what a client's feed shows for a link. */
export const embedCardPath = (url: string) => `/client/embed-card?url=${encodeURIComponent(url)}`;

/** A page's `fc:miniapp` embed, the parts a feed card shows (the Mini App Embed spec, version 1). */
export const embedCardSchema = z.object({
  version: z.string(),
  imageUrl: z.string().url(),
  button: z.object({
    title: z.string(),
    action: z.object({ type: z.string(), url: z.string().url().optional(), name: z.string().optional() }),
  }),
});
export type EmbedCard = z.infer<typeof embedCardSchema>;
