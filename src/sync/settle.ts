/**
 * Settling a write whose outcome is unknown (docs/sync.md "Unknown outcomes and
 * resumption"). One re-read right after a timeout proves nothing: the request may still be queued in
 * the service and land a second later (a POST slower than the client's timeout was once answered by a
 * second POST, and both landed). So the service is read again and again, for a settle window after the
 * client gave up, until what the write creates appears (proof it happened: a variables batch is
 * atomic) or the window is over (then it is taken not to have happened: `settleUntil` is recorded in
 * the journal, and no run creates those names again before it has passed).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { interruption } from '../errors.js';
import type { TokenSet } from '../model/types.js';
import { countCreated, presentIn, type CreatedNames } from './journal.js';

export interface SettleResult {
  state: 'applied' | 'absent' | 'partial';
  remote: TokenSet;
  reads: number;
}

export async function settle(opts: {
  read: () => Promise<TokenSet>;
  names: CreatedNames;
  /** Epoch ms after which a write that has not appeared is taken not to have happened. */
  until: number;
  intervalMs: number;
  signal?: AbortSignal | undefined;
  now?: () => number;
}): Promise<SettleResult> {
  const now = opts.now ?? Date.now;
  const total = countCreated(opts.names);
  let reads = 0;
  for (;;) {
    const remote = await opts.read();
    reads++;
    const present = presentIn(remote, opts.names);
    if (present === total) return { state: 'applied', remote, reads };
    const left = opts.until - now();
    if (left <= 0) return { state: present === 0 ? 'absent' : 'partial', remote, reads };
    if (opts.signal?.aborted) throw interruption(opts.signal);
    try {
      await sleep(Math.min(opts.intervalMs, left), undefined, opts.signal ? { signal: opts.signal } : {});
    } catch {
      throw interruption(opts.signal!);
    }
  }
}
