/**
 * The uploads module's public surface: the use of an upload for one purpose (`claimUpload`), an upload's owner check
 * and the size limit the body parser enforces.
 */
export { MAX_UPLOAD_BYTES, claimRefusal, claimUpload, ownedUpload, releaseUpload } from './service';
export type { Claim, UploadPurpose } from './service';
