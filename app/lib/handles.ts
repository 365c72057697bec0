/** Route handle for screens served as plain HTML with no client JavaScript. */
export const staticHandle = { hydrate: false } as const;
