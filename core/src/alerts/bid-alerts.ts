// A user's bid alerts. Every query is scoped by owner, so another user's alert is simply "not found".
import type { Sql } from 'postgres';
import { centsToDecimal, type BidAlert } from '@app/shared';
import { NotFound } from '../errors.js';
import { assertAuctionVisible } from '../auctions/auction-guard.js';

interface AlertRow {
  id: number;
  auctionId: number;
  alertType: BidAlert['alertType'];
  isActive: boolean;
  settings: BidAlert['settings'];
  lastTriggered: Date | null;
  createdAt: Date;
  currentBid: string;
  startingBid: string;
  endTime: Date;
  status: BidAlert['auction']['status'];
  bidCount: number;
  winningAmount: string | null;
  year: number;
  make: string;
  model: string;
  images: string[];
}

const toAlert = (r: AlertRow): BidAlert => ({
  id: r.id,
  auctionId: r.auctionId,
  alertType: r.alertType,
  isActive: r.isActive,
  settings: r.settings,
  lastTriggered: r.lastTriggered?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  auction: {
    id: r.auctionId,
    currentBid: r.currentBid,
    startingBid: r.startingBid,
    endTime: r.endTime.toISOString(),
    status: r.status,
    bidCount: r.bidCount,
    winningAmount: r.winningAmount,
    car: { year: r.year, make: r.make, model: r.model, images: r.images },
  },
});

function selectAlerts(sql: Sql, userId: number) {
  return sql`
    select b.id, b.auction_id, b.alert_type, b.is_active, b.settings, b.last_triggered, b.created_at,
           a.current_bid, a.starting_bid, a.end_time, a.status, a.bid_count, a.winning_amount, c.year, c.make, c.model, c.images
    from bid_alerts b join auctions a on a.id = b.auction_id join cars c on c.id = a.car_id
    where b.user_id = ${userId}`;
}

export async function listAlerts(sql: Sql, userId: number): Promise<BidAlert[]> {
  const rows = await sql<AlertRow[]>`${selectAlerts(sql, userId)} order by b.created_at desc, b.id desc`;
  return rows.map(toAlert);
}

async function getAlert(sql: Sql, userId: number, id: number): Promise<BidAlert> {
  const [row] = await sql<AlertRow[]>`${selectAlerts(sql, userId)} and b.id = ${id}`;
  if (!row) throw new NotFound('Alert not found');
  return toAlert(row);
}

export async function createAlert(
  sql: Sql,
  userId: number,
  input: {
    auctionId: number;
    alertType: BidAlert['alertType'];
    settings: {
      emailEnabled: boolean;
      pushEnabled: boolean;
      smsEnabled: boolean;
      priceTarget?: number;
      timeThreshold: number;
    };
  },
): Promise<BidAlert> {
  await assertAuctionVisible(sql, input.auctionId);
  const { priceTarget, ...rest } = input.settings;
  const settings = { ...rest, ...(priceTarget !== undefined ? { priceTarget: centsToDecimal(priceTarget) } : {}) };
  const [row] = await sql<{ id: number }[]>`
    insert into bid_alerts (user_id, auction_id, alert_type, settings)
    values (${userId}, ${input.auctionId}, ${input.alertType}, ${sql.json(settings)})
    returning id`;
  return getAlert(sql, userId, row!.id);
}

export async function setAlertActive(sql: Sql, userId: number, id: number, isActive: boolean): Promise<BidAlert> {
  const [row] =
    await sql`update bid_alerts set is_active = ${isActive} where id = ${id} and user_id = ${userId} returning id`;
  if (!row) throw new NotFound('Alert not found');
  return getAlert(sql, userId, id);
}

export async function deleteAlert(sql: Sql, userId: number, id: number): Promise<void> {
  const [row] = await sql`delete from bid_alerts where id = ${id} and user_id = ${userId} returning id`;
  if (!row) throw new NotFound('Alert not found');
}
