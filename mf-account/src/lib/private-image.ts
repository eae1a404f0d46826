/**
 * Uploaded images (`/api/common/upload/<name>`) are served only with the owner's authorization header, so an
 * `<img src>` cannot load them. This fetches the bytes with the token and hands back a `blob:` URL, revoked when
 * the component lets go of it.
 */
import { useEffect, useState } from 'react';
import { getApiConfig } from '@meridian/shared';

export type PrivateImage = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; src: string };

export async function fetchPrivateImage(url: string, signal?: AbortSignal): Promise<Blob> {
  const config = getApiConfig();
  const absolute = url.startsWith('http') ? url : `${config.origin().replace(/\/+$/, '')}${url}`;
  const headers: Record<string, string> = { lang: config.getLanguage() };
  const token = config.getToken();
  if (token) headers.authorization = token;
  const fetchImpl = config.fetchImpl ?? globalThis.fetch;
  const res = await fetchImpl(absolute, { headers, ...(signal ? { signal } : {}) });
  if (!res.ok) throw new Error(`image ${res.status}`);
  return res.blob();
}

/**
 * The `blob:` URL of a private upload, or its loading/error state. `null` url: idle. `fetchBlob` reads it with the
 * trader's token by default; the ops pages pass the ops client's.
 */
export function usePrivateImage(
  url: string | null,
  fetchBlob: (url: string, signal?: AbortSignal) => Promise<Blob> = fetchPrivateImage,
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
