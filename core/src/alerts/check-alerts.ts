// Deciding and firing bid alerts. The alert rows are locked in the transaction that fires them, and last_triggered is
// set there too, so two workers checking the same auction at once fire each alert once.
import type { Sql, TransactionSql } from 'postgres';
import { commitWithEvents, type EventDeps } from '@app/infra';
import { alertFires, formatMoney, toCents, type EventDraft } from '@app/shared';

interface AlertRow {
  id: number;
  auctionId: number;
  userId: number;
  alertType: 'outbid' | 'priceTarget' | 'timeRemaining' | 'endingSoon';
  settings: { priceTarget?: string; timeThreshold?: number };
  lastTriggered: Date | null;
  currentBid: string;
  endTime: Date;
  dbNow: Date;
  title: string;
  ownerTop: string | null;
  ownerLastBidAt: Date | null;
  leaderId: number | null;
}

function alertText(a: AlertRow): string {
  switch (a.alertType) {
    case 'priceTarget':
      return `${a.title} reached your target price of ${formatMoney(a.settings.priceTarget ?? '0')}: the current bid is ${formatMoney(a.currentBid)}`;
    case 'outbid':
      return `You have been outbid on ${a.title}: the current bid is ${formatMoney(a.currentBid)}`;
    case 'timeRemaining':
      return `${a.title} ends in ${Math.max(1, Math.round((a.endTime.getTime() - a.dbNow.getTime()) / 60_000))} minutes`;
    case 'endingSoon':
      return `${a.title} is ending soon: ${Math.max(1, Math.round((a.endTime.getTime() - a.dbNow.getTime()) / 60_000))} minutes left`;
  }
}

/** An alert fires once per condition; an outbid alert re-arms when its owner bids again. */
function alreadyFired(a: AlertRow): boolean {
  if (a.lastTriggered === null) return false;
  if (a.alertType === 'outbid') return !(a.ownerLastBidAt && a.ownerLastBidAt > a.lastTriggered);
  return true;
}

/** The alerts of these auctions, with what deciding them needs; `lock` takes their rows for the transaction. */
function readAlerts(sql: Sql | TransactionSql, auctionIds: number[], lock: boolean) {
  // The alerts first, on their own (materialized): most auctions have none, and then the auction row, which a hot
  // auction rewrites many times a second (each read walking its chain of versions), is not read at all.
  return sql<AlertRow[]>`
    with b as materialized (
      select id, auction_id, user_id, alert_type, settings, last_triggered from bid_alerts
      where auction_id = any(${auctionIds}::int[]) and is_active
      ${lock ? sql`for update` : sql``}
    )
    select b.id, b.auction_id, b.user_id, b.alert_type, b.settings, b.last_triggered, a.current_bid, a.end_time, now() as db_now,
           c.year || ' ' || c.make || ' ' || c.model as title,
           (select max(amount)::text from bids x where x.auction_id = a.id and x.user_id = b.user_id) as owner_top,
           (select max(timestamp) from bids x where x.auction_id = a.id and x.user_id = b.user_id) as owner_last_bid_at,
           (select user_id from bids x where x.auction_id = a.id order by amount desc, id desc limit 1) as leader_id
    from b join auctions a on a.id = b.auction_id join cars c on c.id = a.car_id
    where a.status = 'active'`;
}

function fires(r: AlertRow): boolean {
  return (
    !alreadyFired(r) &&
    alertFires(
      {
        alertType: r.alertType,
        priceTargetCents: r.settings.priceTarget ? toCents(r.settings.priceTarget) : undefined,
        timeThresholdMinutes: r.settings.timeThreshold ?? 30,
      },
      {
        currentBidCents: toCents(r.currentBid),
        msLeft: r.endTime.getTime() - r.dbNow.getTime(),
        ownerHighestBidCents: r.ownerTop === null ? null : toCents(r.ownerTop),
        leaderId: r.leaderId,
        ownerId: r.userId,
      },
    )
  );
}

export async function checkAlerts(deps: EventDeps, auctionIds: number[]): Promise<number> {
  if (auctionIds.length === 0) return 0;
  // Most checks fire nothing (no alert on the auction, or all already fired): a read without a transaction tells, and
  // only the auctions where something would fire are read again under the alerts' row locks and decided there, so
  // two workers checking at once still fire each alert once.
  const candidates = [
    ...new Set((await readAlerts(deps.sql, auctionIds, false)).filter(fires).map((r) => r.auctionId)),
  ];
  if (candidates.length === 0) return 0;
  const fired: EventDraft[] = [];
  await commitWithEvents(deps, async (tx, outbox) => {
    for (const r of await readAlerts(tx, candidates, true)) {
      if (!fires(r)) continue;
      await tx`update bid_alerts set last_triggered = now() where id = ${r.id}`;
      fired.push({
        type: 'alert.fired',
        userId: r.userId,
        at: r.dbNow.toISOString(),
        alertId: r.id,
        alertType: r.alertType,
        text: alertText(r),
        auction: { id: r.auctionId, title: r.title, currentBid: r.currentBid, endTime: r.endTime.toISOString() },
      });
    }
    await outbox.append(fired);
  });
  return fired.length;
}

/** Time-based alerts can fire without any bid: auctions with active time alerts ending within two hours. */
export async function auctionsWithTimeAlerts(sql: Sql): Promise<number[]> {
  const rows = await sql<{ auctionId: number }[]>`
    select distinct b.auction_id from bid_alerts b join auctions a on a.id = b.auction_id
    where b.is_active and b.alert_type in ('timeRemaining', 'endingSoon') and a.status = 'active'
      and a.end_time > now() and a.end_time < now() + interval '2 hours'`;
  return rows.map((r) => r.auctionId);
}
