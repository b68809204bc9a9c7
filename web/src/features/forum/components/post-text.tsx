import type { HighlightSegment } from '@app/shared';

/**
 * A post's text as text: React escapes it, blank lines separate paragraphs, single line breaks stay. Links are shown
 * as plain text on purpose: nothing a member types becomes clickable.
 */
export function PostText({ text, className = '' }: { text: string; className?: string }) {
  const paragraphs = text.split(/\n\s*\n/);
  return (
    <div className={`space-y-3 ${className}`}>
      {paragraphs.map((p, i) => (
        <p key={i} className="whitespace-pre-wrap break-words">
          {p}
        </p>
      ))}
    </div>
  );
}

/** Search matches marked with <mark>, built from segments: the server never sends markup. */
export function Highlighted({ segments }: { segments: HighlightSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.match ? (
          <mark key={i} className="rounded bg-yellow-200 px-0.5" data-testid="search-match">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
