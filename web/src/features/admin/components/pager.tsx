import { Button } from '../../../components/ui';

/** Previous / Next under an admin table, with where the admin is ("Page 2 of 5 · 118 members"). */
export function Pager({
  page,
  pageSize,
  total,
  noun,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** What the table lists, plural ("auctions"). */
  noun: string;
  onPage(page: number): void;
}) {
  return (
    <div className="mt-3 flex items-center gap-3 text-sm">
      <Button disabled={page === 1} onClick={() => onPage(page - 1)} variant="outline" size="sm">
        Previous
      </Button>
      <span>
        Page {page} of {Math.max(1, Math.ceil(total / pageSize))} · {total} {noun}
      </span>
      <Button disabled={page * pageSize >= total} onClick={() => onPage(page + 1)} variant="outline" size="sm">
        Next
      </Button>
    </div>
  );
}
