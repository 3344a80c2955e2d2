/**
 * Posts a form (a file upload) with XMLHttpRequest so the caller can show its progress (fetch reports none). The
 * route answers JSON `{ ok, error? }` when asked for it; anything else (a network error) is a failure without a
 * message, and the caller shows its generic one.
 */
export function postWithProgress(
  url: string,
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<{ ok: boolean; error?: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onloadend = () => {
      let answer: { ok?: boolean; error?: string } = {};
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        // Not the route's answer.
      }
      const ok = xhr.status > 0 && xhr.status < 300 && answer.ok === true;
      resolve(answer.error ? { ok, error: answer.error } : { ok });
    };
    xhr.send(body);
  });
}
