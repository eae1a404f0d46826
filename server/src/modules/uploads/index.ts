/** The uploads module's public surface: an upload's owner check and the size limit the body parser enforces. */
export { MAX_UPLOAD_BYTES, ownedUpload } from './service';
