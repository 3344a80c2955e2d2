import type { ReactNode } from 'react';

type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'paragraph'; lines: string[] };

/**
 * A legal document's plain text as blocks (decision 047): a blank line ends a block, `## ` starts a heading, lines
 * starting with `- ` make a list, other lines a paragraph (its line breaks kept, as in an address).
 */
export function blocksOf(body: string): Block[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) =>
      chunk
        .split('\n')
        .map((line) => line.trimEnd())
        .filter((line) => line.trim() !== ''),
    )
    .filter((lines) => lines.length > 0)
    .flatMap((lines): Block[] => {
      const [first = ''] = lines;
      if (first.startsWith('## ')) {
        const rest = lines.slice(1);
        return [{ kind: 'heading', text: first.slice(3).trim() }, ...(rest.length ? blocksOf(rest.join('\n')) : [])];
      }
      if (lines.every((line) => line.startsWith('- '))) return [{ kind: 'list', items: lines.map((l) => l.slice(2)) }];
      return [{ kind: 'paragraph', lines }];
    });
}

/** https addresses in the text become links; nothing else is markup (the text is an administrator's, shown as text). */
function linked(text: string): ReactNode[] {
  return text.split(/(https:\/\/[^\s)]+[^\s).,;])/g).map((part, i) =>
    part.startsWith('https://') ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one line never move
      <a key={i} href={part} className="underline underline-offset-2" rel="noopener">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export function LegalBody({ body }: { body: string }) {
  return (
    <div className="flex flex-col gap-4 leading-7 text-neutral-800">
      {blocksOf(body).map((block, i) => {
        const key = `${block.kind}-${i}`;
        if (block.kind === 'heading')
          return (
            <h2 key={key} className="mt-4 text-xl font-semibold text-neutral-950">
              {block.text}
            </h2>
          );
        if (block.kind === 'list')
          return (
            <ul key={key} className="flex list-disc flex-col gap-1 pl-5">
              {block.items.map((item) => (
                <li key={item}>{linked(item)}</li>
              ))}
            </ul>
          );
        return (
          <p key={key}>
            {block.lines.map((line, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one paragraph never move
              <span key={n}>
                {n > 0 && <br />}
                {linked(line)}
              </span>
            ))}
          </p>
        );
      })}
    </div>
  );
}
