// A lead's notes, oldest first, each with when and by whom it was written.
import type { Lead } from '@varg/contracts';
import { useFormat } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';

export function NoteList({ notes }: { notes: Lead['notes'] }) {
  const { t } = useTranslation();
  const when = useFormat().dateTime;
  return notes.length === 0 ? (
    <p className="text-neutral-700">{t('leads_notes_empty')}</p>
  ) : (
    <ol className="flex flex-col gap-3 border-l-2 border-neutral-200 pl-4">
      {notes.map((note) => (
        <li key={note._id}>
          <p className="text-sm text-neutral-600">
            <time dateTime={note.createdAt}>{when(note.createdAt)}</time>
            {note.author && ` · ${note.author}`}
          </p>
          <p className="whitespace-pre-line">{note.text}</p>
        </li>
      ))}
    </ol>
  );
}
