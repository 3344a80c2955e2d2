import { localeTag } from '@varg/domain';
import { formatUtcDateTime } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocale } from '../../lib/use-locale.ts';

export interface ThreadMessage {
  _id: string;
  author: 'reporter' | 'compliance';
  body: string;
  createdAt: string;
  authorName?: string | null;
}

/** A case's messages, oldest first; `side` names the reader, whose own messages are "You". */
export function Thread({ messages, side }: { messages: ThreadMessage[]; side: 'reporter' | 'compliance' }) {
  const { t } = useTranslation();
  const tag = localeTag(useLocale());
  if (messages.length === 0) return <p className="text-neutral-700">{t('whistle_no_messages')}</p>;
  return (
    <ol className="flex flex-col gap-3">
      {messages.map((m) => {
        const who =
          m.author === side
            ? t('whistle_from_you')
            : m.author === 'compliance'
              ? t('whistle_from_compliance')
              : t('whistle_from_reporter');
        return (
          <li
            key={m._id}
            className={`rounded-2xl border p-4 ${m.author === 'compliance' ? 'border-neutral-300 bg-neutral-50' : 'border-neutral-200 bg-white'}`}
          >
            <p className="text-sm text-neutral-700">
              <span className="font-semibold text-neutral-900">
                {who}
                {m.authorName ? ` (${m.authorName})` : ''}
              </span>{' '}
              · <time dateTime={m.createdAt}>{formatUtcDateTime(m.createdAt, tag)}</time>
            </p>
            <p className="mt-2 whitespace-pre-wrap break-words">{m.body}</p>
          </li>
        );
      })}
    </ol>
  );
}
