// Mailing one window: its notices in one mail that says how many and the price now. Two steps. Closing: a short
// transaction locks the open window, stamps the key's 'windowed' notices with its id and marks it 'sending'; a notice
// joining at the same moment either committed before the lock was granted (and is stamped) or waits for this commit
// and opens the next window (record-notices.ts). So the events consumer waits for a few milliseconds at most, never
// for an SMTP server. Sending: the window is locked again, mailed while 'sending' and marked sent in that transaction,
// so a job that runs twice mails once (the second waits, then finds it sent). Only a process dying between the SMTP
// server's answer and the commit can send again (the retry or the sweep mails a 'sending' window), with the same
// Message-ID.
import { NOTIFICATION_KIND_LABELS, windowMail, type WindowedMailKind } from '@app/shared';
import { escapeHtml } from './escape-html.js';
import type { MailDeps } from './mail-notice.js';
import { unsubscribeParts } from './unsubscribe-token.js';

interface WindowRow {
  id: number;
  userId: number;
  kind: WindowedMailKind;
  auctionId: number | null;
  status: 'open' | 'sending' | 'sent' | 'skip' | 'empty';
  minutes: number;
  email: string;
  name: string;
  optedOut: boolean;
  title: string | null;
  currentBid: string | null;
}

export const windowMessageId = (windowId: number) => `<mail-window-${windowId}@carbid.example>`;

/** Closes an open window: stamps its notices and marks it 'sending'. A window already closed is left as it is. */
async function closeWindow(deps: MailDeps, windowId: number): Promise<void> {
  await deps.sql.begin(async (tx) => {
    const [w] = await tx<{ userId: number; kind: WindowedMailKind; auctionId: number | null; status: string }[]>`
      select user_id, kind, auction_id, status from mail_windows where id = ${windowId} for update`;
    if (!w || w.status !== 'open') return;
    await tx`
      update notifications set mail_window_id = ${windowId}
      where user_id = ${w.userId} and kind = ${w.kind} and mail_status = 'windowed' and mail_window_id is null
        and (${w.auctionId}::int is null or auction_id = ${w.auctionId})`;
    await tx`update mail_windows set status = 'sending', closed_at = now() where id = ${windowId}`;
  });
}

/** 'sent' (with how many notices), or why nothing was sent. */
export async function mailWindow(
  deps: MailDeps,
  windowId: number,
): Promise<{ result: 'sent'; notices: number } | { result: 'done' | 'opted-out' | 'empty' }> {
  await closeWindow(deps, windowId);
  return deps.sql.begin(async (tx) => {
    const [w] = await tx<WindowRow[]>`
      select w.id, w.user_id, w.kind, w.auction_id, w.status, u.email, u.name,
             greatest(1, ceil(extract(epoch from w.closed_at - w.opened_at) / 60))::int as minutes,
             exists (select 1 from email_opt_outs o where o.user_id = w.user_id and o.kind = w.kind) as opted_out,
             c.year || ' ' || c.make || ' ' || c.model as title, a.current_bid::text as current_bid
      from mail_windows w join users u on u.id = w.user_id
      left join auctions a on a.id = w.auction_id left join cars c on c.id = a.car_id
      where w.id = ${windowId}
      for update of w`;
    if (!w || w.status !== 'sending') return { result: 'done' };
    const notices = await tx<{ id: number; text: string; link: string }[]>`
      select id, text, link from notifications where mail_window_id = ${w.id} and mail_status = 'windowed' order by id`;
    const ids = notices.map((n) => n.id);
    const finish = async (status: 'sent' | 'skip' | 'empty') => {
      if (status === 'sent')
        await tx`update notifications set mail_status = 'sent', mailed_at = now() where id = any(${ids}::int[])`;
      else await tx`update notifications set mail_status = 'skip' where id = any(${ids}::int[])`;
      await tx`update mail_windows set status = ${status} where id = ${w.id}`;
    };
    if (notices.length === 0) {
      await finish('empty');
      return { result: 'empty' };
    }
    if (w.optedOut) {
      await finish('skip');
      return { result: 'opted-out' };
    }
    // A price of 0 is an auction with no bid yet: nothing to say about it.
    const currentBid = w.currentBid !== null && Number(w.currentBid) > 0 ? w.currentBid : null;
    const mail = windowMail({ kind: w.kind, notices, title: w.title, currentBid, minutes: w.minutes });
    const base = deps.publicUrl.replace(/\/$/, '');
    const unsubscribe = unsubscribeParts(deps.publicUrl, deps.signingKey, w.userId, w.kind);
    const url = `${base}${mail.link}`;
    const kindLabel = NOTIFICATION_KIND_LABELS[w.kind];
    await deps.transport.sendMail({
      from: deps.from,
      to: { name: w.name, address: w.email },
      subject: mail.subject,
      messageId: windowMessageId(w.id),
      ...unsubscribe.mail,
      text:
        `Hi ${w.name},\n\n${mail.lines.join('\n')}\n\n${url}\n\n` +
        `You get this mail because of your CarBid email settings ("${kindLabel}").\nTo stop these mails: ${unsubscribe.pageUrl}\n`,
      html:
        `<p>Hi ${escapeHtml(w.name)},</p>` +
        mail.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
        `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` +
        `<p style="color:#64748b;font-size:12px">You get this mail because of your CarBid email settings ("${escapeHtml(kindLabel)}"). ` +
        `<a href="${escapeHtml(unsubscribe.pageUrl)}">Unsubscribe</a></p>`,
    });
    await finish('sent');
    return { result: 'sent', notices: notices.length };
  });
}
