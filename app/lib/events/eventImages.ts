/** Event image uploads: what the browser may send and how the create form names its upload. */
export const EVENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const EVENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The create form's hidden field: the uploaded original the server turns into sizes on save. */
export const DRAFT_IMAGE_FIELD = 'imageUpload';
