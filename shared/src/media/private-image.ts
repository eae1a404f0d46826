/**
 * Uploaded images (`/api/common/upload/<name>`) are served only with an authorization header, so an `<img src>`
 * cannot load them: this fetches the bytes with the token and hands back a `blob:` URL, revoked when let go. The
 * upload itself is `uploadImage`. The API client is the package's, taken by name (the one federated instance).
 */
import { useEffect, useState } from 'react';
import { api, getApiConfig } from '@meridian/shared';

export type PrivateImage = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; src: string };
export type BlobFetcher = (url: string, signal?: AbortSignal) => Promise<Blob>;

export async function fetchPrivateImage(url: string, signal?: AbortSignal): Promise<Blob> {
  const config = getApiConfig();
  const absolute = url.startsWith('http') ? url : `${config.origin().replace(/\/+$/, '')}${url}`;
  const headers: Record<string, string> = { lang: config.getLanguage() };
  const token = config.getToken();
  if (token) headers.authorization = token;
  const res = await (config.fetchImpl ?? globalThis.fetch)(absolute, {
    headers,
    ...(signal ? { signal } : {}),
  });
  if (!res.ok) throw new Error(`image ${res.status}`);
  return res.blob();
}

/**
 * The `blob:` URL of a private upload, or its loading/error state. `null` url: idle. `fetchBlob` reads it with the
 * trader's token by default; the ops pages pass the ops client's (`opsApi.blob`).
 */
export function usePrivateImage(
  url: string | null,
  fetchBlob: BlobFetcher = fetchPrivateImage,
): PrivateImage {
  const [state, setState] = useState<PrivateImage>({ status: 'idle' });
  useEffect(() => {
    if (!url) {
      setState({ status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: 'loading' });
    fetchBlob(url, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ status: 'ready', src: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, fetchBlob]);
  return state;
}

/**
 * POST /api/common/image_upload (multipart `file`, one file), with the global spinner unless `spinner: false`; resolves with the image's
 * URL. What the image is for (identity, deposit proof, chat, feedback) is fixed by the call that first uses it.
 */
export async function uploadImage(file: Blob, opts: { spinner?: boolean } = {}): Promise<string> {
  return (await api.upload('/api/common/image_upload', file, opts)).url;
}
