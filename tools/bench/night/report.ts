// The night's tables: the 60-second run's figures, its CPU per accepted bid by process, and the stepped rates.
import os from 'node:os';
import { fmt } from '../sockets/latency-histogram.js';
import type { NightResult, WindowResult } from './scenario.js';

const errorsOf = (w: WindowResult) => w.bids.errors + w.chat.errors + w.polls.errors;
const statuses = (s: Record<number, number>) => (Object.keys(s).length ? ` ${JSON.stringify(s)}` : '');

export function printNight(r: NightResult): void {
  const { shape, main } = r;
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  console.log(`\n## Auction night (${new Date().toISOString()}, load average ${load} on ${os.cpus().length} cores)\n`);
  console.log(
    `${shape.auctions.hot + shape.auctions.warm + shape.auctions.closing} live auctions, ${(3 * shape.hotRoomSockets + shape.otherSockets).toLocaleString('en-US')} sockets ` +
      `(three rooms of ${shape.hotRoomSockets.toLocaleString('en-US')}, ${shape.otherSockets.toLocaleString('en-US')} spread), ${shape.bidsPerSecond} bids/s offered ` +
      `(${shape.hotShare * 100} % on the hot three), ${shape.chatPerSecond} chat lines/s, ${shape.pollers} chat pollers, ${shape.auctions.closing} closes, ${shape.seconds} s.\n`,
  );
  console.log('| figure | measured |');
  console.log('|---|---|');
  const w = main;
  const rows: [string, string][] = [
    [
      'join storm: every socket joined its room at once',
      `${r.joins.joins} acknowledged in ${r.joins.totalMs.toFixed(0)} ms; each ${fmt(r.joins.acks)}`,
    ],
    [
      'bids',
      `${w.bids.sent} sent, ${(w.bids.ok / w.seconds).toFixed(0)} accepted/s, ${w.bids.refused} refused (outbid before decided), ${w.bids.errors} errors${statuses(w.bids.errorStatuses)}`,
    ],
    ['bid answer (POST /api/bids, open loop)', fmt(w.bids.answerTimes)],
    [
      'bid answered -> bid.placed at each socket of its room',
      `${fmt(w.deliveries.latency.bids!)} (${w.deliveries.latency.bids!.count.toLocaleString('en-US')} deliveries)`,
    ],
    [
      'chat line answered -> chat.message at each socket of its room',
      `${fmt(w.deliveries.latency.chat!)} (${w.deliveries.latency.chat!.count.toLocaleString('en-US')} deliveries; ${w.chat.ok} lines, ${w.chat.errors} errors${statuses(w.chat.errorStatuses)})`,
    ],
    ['chat post answer', fmt(w.chat.answerTimes)],
    [
      'chat poll (GET ?after= with ETag)',
      `${w.polls.requestsPerSecond.toFixed(0)} req/s, p50 ${w.polls.p50Ms.toFixed(1)} ms, p99 ${w.polls.p99Ms.toFixed(1)} ms, max ${w.polls.maxMs.toFixed(1)} ms, ${w.polls.errors} errors${statuses(w.polls.errorStatuses)}`,
    ],
    [
      'close lateness (closed_at - end_time)',
      w.closes ? `${w.closes.closed} of ${w.closes.of} closed; ${fmt(w.closes.lateness)}` : '-',
    ],
    [
      'mails handed to the SMTP server (outbid and close notices; a sink in the load generator)',
      String(w.mails ?? '-'),
    ],
    ['errors (bids, chat, polls; must be 0)', String(errorsOf(w))],
    [
      'socket deliveries: missing / duplicated / out of order (must be 0)',
      `${w.deliveries.missing} / ${w.deliveries.duplicates} / ${w.deliveries.outOfOrder} of ${w.deliveries.deliveries.toLocaleString('en-US')} since the joins`,
    ],
    [
      'gateway sequencer: events put back in order / read back from the log / gaps skipped / duplicates dropped',
      `${w.sequencer.reordered ?? '-'} / ${w.sequencer.gapsFilled ?? '-'} / ${w.sequencer.gapsSkipped ?? '-'} / ${w.sequencer.duplicates ?? '-'}`,
    ],
    [
      'sockets still receiving after the last request was answered',
      `${(w.drainMs / 1000).toFixed(1)} s (1 s of it is the quiet wait that ends the count)`,
    ],
  ];
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);

  console.log(
    `\nCPU from the first request to the last answer (${(w.cpuWindowMs / 1000).toFixed(1)} s), from /proc (user + system), per accepted bid (${w.bids.ok} accepted):\n`,
  );
  console.log('| process | CPU seconds | CPU ms per accepted bid |');
  console.log('|---|---|---|');
  let total = 0;
  for (const [group, seconds] of [...w.cpu].sort((a, b) => b[1] - a[1])) {
    total += seconds;
    console.log(`| ${group} | ${seconds.toFixed(1)} | ${((seconds * 1000) / Math.max(1, w.bids.ok)).toFixed(2)} |`);
  }
  console.log(
    `| all of the above (${(total / (w.cpuWindowMs / 1000)).toFixed(2)} cores on average over ${(w.cpuWindowMs / 1000).toFixed(1)} s) | ${total.toFixed(1)} | ${((total * 1000) / Math.max(1, w.bids.ok)).toFixed(2)} |`,
  );

  console.log(
    `\nThe ${main.seconds} s run, then the bid rate stepped up from a low one, all else as above (no closes), until the p99 bid answer passes 100 ms:\n`,
  );
  console.log(
    '| bids/s offered | accepted/s | refused | errors | bid answer | bid -> socket | chat -> socket p99 | poll p99 | missing / duplicated | still receiving after |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const s of [main, ...r.steps]) {
    console.log(
      `| ${s.bidsPerSecond}${s === main ? ` (the ${main.seconds} s run)` : ''} | ${(s.bids.ok / s.seconds).toFixed(0)} | ${s.bids.refused} | ${errorsOf(s)} | ${fmt(s.bids.answerTimes)} | ` +
        `${fmt(s.deliveries.latency.bids!)} | ${s.deliveries.latency.chat!.p99.toFixed(1)} ms | ${s.polls.p99Ms.toFixed(1)} ms | ${s.deliveries.missing} / ${s.deliveries.duplicates} | ${(s.drainMs / 1000).toFixed(1)} s |`,
    );
  }
  console.log(
    `\nCapacity (highest stepped rate with p99 bid answer <= 100 ms): ${r.capacity === null ? `below ${r.steps[0]?.bidsPerSecond ?? '-'} bids/s, the first rate tried` : `${r.capacity} bids/s`}`,
  );
}
