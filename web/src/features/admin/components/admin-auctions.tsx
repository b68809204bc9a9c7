import { useState } from 'react';
import { AUCTION_STATUSES, formatMoney } from '@app/shared';
import { useAdminAuctions } from '../api/admin-auctions';
import { useDecideAuction } from '../hooks/use-decide-auction';
import { ApprovalButtons } from './approval-buttons';
import { Pager } from './pager';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui';

const PAGE_SIZE = 25;

export function AdminAuctions() {
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const auctions = useAdminAuctions(status, search, page);
  const decide = useDecideAuction();
  const total = auctions.data?.total ?? 0;
  return (
    <div className="text-sm">
      <div className="flex flex-wrap gap-3">
        <select
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
          className="rounded border px-2 py-1"
          aria-label="Status"
        >
          <option value="">All statuses</option>
          {AUCTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === 'pending' ? 'Pending Approval' : s}
            </option>
          ))}
        </select>
        <input
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          placeholder="Search by car or VIN"
          className="rounded border px-2 py-1"
          aria-label="Search auctions"
        />
      </div>
      {auctions.isLoading && <div className="mt-4 h-24 animate-pulse rounded bg-slate-100" />}
      <Table className="mt-4">
        <TableHeader>
          <TableRow>
            <TableHead>Auction</TableHead>
            <TableHead>Seller</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Current bid</TableHead>
            <TableHead>Bids</TableHead>
            <TableHead>Ends</TableHead>
            <TableHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {auctions.data?.items.map((a) => (
            <TableRow key={a.id} data-testid={`admin-auction-${a.id}`}>
              <TableCell>
                #{a.id} {a.title}
              </TableCell>
              <TableCell>{a.seller ?? '—'}</TableCell>
              <TableCell>{a.status === 'pending' ? 'Pending Approval' : a.status}</TableCell>
              <TableCell>{formatMoney(a.currentBid)}</TableCell>
              <TableCell>{a.bidCount}</TableCell>
              <TableCell>{new Date(a.endTime).toLocaleString()}</TableCell>
              <TableCell className="space-x-2">
                {a.status === 'pending' && <ApprovalButtons auctionId={a.id} decide={decide} />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pager page={page} pageSize={PAGE_SIZE} total={total} noun="auctions" onPage={setPage} />
    </div>
  );
}
