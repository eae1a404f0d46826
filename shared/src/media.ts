/**
 * `@meridian/shared/media`: private images (fetched with the token, shown as `blob:` URLs) and the image upload,
 * federated as its own singleton entry like `./lists`: only the screens that show or send a photo load it, never the
 * first visit. It takes the API client from `@meridian/shared` by name and holds no module state.
 */
export { fetchPrivateImage, usePrivateImage, uploadImage } from './media/private-image';
export type { BlobFetcher, PrivateImage } from './media/private-image';
