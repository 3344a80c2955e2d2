const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW = Buffer.from(' fetchpriority="low"');
const HEAD_END = Buffer.from('</head>');
const EMPTY = Buffer.alloc(0);

/**
 * The rendered document as one buffer (React's chunks joined, as before), with each `<link rel="modulepreload">` of
 * the head marked `fetchpriority="low"`, as React marks its own bootstrap modules. React Router writes one for every
 * file the first view hydrates with and React hoists them into `<head>`; they still start with the document, but as
 * what they are, code for after the first paint, not something the paint waits for. Lighthouse's simulation counted
 * each high-priority script that happened to arrive before the paint it observed as blocking that paint
 * (docs/decisions/068-client-weight.md, "Session 14").
 *
 * Works on React's chunks in place: one join, no decoding, no second copy (a render's cost, decision 069). A tag cut
 * by a chunk boundary is found from the previous chunk's last bytes; one cut across three chunks would stay as written.
 */
export function joinDocument(chunks: readonly Buffer[]): Buffer<ArrayBuffer> {
  const parts: Buffer[] = [];
  let tail: Buffer = EMPTY;
  let inHead = true;
  for (const chunk of chunks) {
    if (!inHead) {
      parts.push(chunk);
      continue;
    }
    let start = 0;
    if (tail.length) {
      // The previous chunk's last bytes and this one's first, each shorter than the tag: a match is one the boundary cuts.
      const joined = Buffer.concat([tail, chunk.subarray(0, PRELOAD.length - 1)]);
      const headEndAcross = joined.indexOf(HEAD_END, Math.max(0, tail.length - HEAD_END.length + 1));
      if (headEndAcross !== -1 && headEndAcross < tail.length) {
        parts.push(chunk);
        inHead = false;
        continue;
      }
      const across = joined.indexOf(PRELOAD);
      if (across !== -1) {
        start = across + PRELOAD.length - tail.length;
        parts.push(chunk.subarray(0, start), LOW);
      }
    }
    const headEnd = chunk.indexOf(HEAD_END);
    const limit = headEnd === -1 ? chunk.length : headEnd;
    for (let at = chunk.indexOf(PRELOAD, start); at !== -1 && at < limit; at = chunk.indexOf(PRELOAD, start)) {
      const end = at + PRELOAD.length;
      parts.push(chunk.subarray(start, end), LOW);
      start = end;
    }
    parts.push(start ? chunk.subarray(start) : chunk);
    if (headEnd !== -1) inHead = false;
    tail = chunk.subarray(Math.max(0, chunk.length - (PRELOAD.length - 1)));
  }
  return Buffer.concat(parts);
}
