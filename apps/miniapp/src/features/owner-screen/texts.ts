import { PRODUCT_NAME, strings } from '../../lib/strings.ts';

/** What every owner screen says the same way, whichever screen it is. */
export const ownerScreenTexts = {
  createTwin: `Create your ${PRODUCT_NAME}`,
  tryAgain: strings.tryAgain,
  // The server's 403: signed in as someone who is not this twin's owner.
  notYours: (message: string) => `Only this twin's owner can open this screen: ${message}`,
  back: 'Back',
  backToYourTwin: 'Back to your twin',
} as const;
