import { FormPostError } from './run-upload';
import type { Access } from './upload-machine';

/**
 * The multipart form post to the storage host, by XMLHttpRequest because fetch reports no
 * upload progress. Fields are the access params, then the file (object storage reads the
 * file last). Sent with credentials (spec 1 §7).
 */
export function postUploadForm(
  access: Access,
  file: Blob,
  onProgress: (loaded: number, total: number) => void,
  fileName = 'image',
): Promise<{ query_id: string }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(access.params)) form.append(name, value);
    form.append('file', file, fileName);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', access.url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status !== 200) {
        reject(new FormPostError(xhr.status));
        return;
      }
      try {
        const body = JSON.parse(xhr.responseText) as { query_id?: unknown };
        if (typeof body.query_id !== 'string') throw new Error('no query_id');
        onProgress(file.size, file.size);
        resolve({ query_id: body.query_id });
      } catch {
        reject(new FormPostError(xhr.status));
      }
    });
    xhr.addEventListener('error', () => reject(new FormPostError(0)));
    xhr.addEventListener('abort', () => reject(new FormPostError(0)));
    xhr.send(form);
  });
}
