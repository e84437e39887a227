/** Far in the future: the helper bot never runs out of battery. */
const FAR_FUTURE_MS = Date.UTC(9999, 11, 31);

/** The helper agent: a fixed object, never fetched. */
export const ajax = {
  fid: 1,
  username: 'ajaxbot',
  name: 'ajax',
  picture: '/ajax.svg',
  lifePercentage: 100,
  deathTimestamp: FAR_FUTURE_MS,
  expiryTimestamp: FAR_FUTURE_MS,
  automatedBy: { fid: 1, username: 'ajaxbot', picture: '/ajax.svg' },
} as const;
