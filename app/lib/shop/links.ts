/** The shop's screen addresses. */
export const channelHref = (channelId: string) => `/channelPage?channel=${encodeURIComponent(channelId)}`;
export const productHref = (productId: string) => `/channelProductDetails?product=${encodeURIComponent(productId)}`;
export const consultationHref = (channelId: string) => `/consultationForm?channel=${encodeURIComponent(channelId)}`;
export const channelIntroHref = (channelId: string) => `/cmiVideo?channel=${encodeURIComponent(channelId)}`;
