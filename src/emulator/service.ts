/**
 * The service behind the routes: state, clock, persistence, events, rate limit, faults and the
 * request log. Routes read and change `state` and call `commit()` after a change.
 */
import type { FaultTable } from './faults.js';
import type { RateLimiter } from './rate-limit.js';
import { saveState } from './persist.js';
import type { EmulatorState, FileRecord } from './state.js';
import type { WebhookDispatcher } from './webhook-delivery.js';

export interface LoggedRequest {
  method: string;
  path: string;
  query: string;
  status: number;
  /** Set when an injected fault changed the outcome. */
  fault?: string;
  at: string;
}

export class Service {
  origin = '';
  readonly requests: LoggedRequest[] = [];
  private saving: Promise<void> = Promise.resolve();

  webhooks: WebhookDispatcher;

  constructor(
    public state: EmulatorState,
    readonly options: { timeScale: number; dataFile: string | undefined; api: 'dfs' | 'figma' },
    readonly faults: FaultTable,
    readonly limiter: RateLimiter,
    private readonly makeDispatcher: (svc: Service) => WebhookDispatcher,
  ) {
    this.webhooks = makeDispatcher(this);
  }

  /** Stops deliveries in flight and starts a fresh dispatcher (used by reset). */
  restartWebhooks(): void {
    this.webhooks.close();
    this.webhooks = this.makeDispatcher(this);
  }

  /** Emulator clock: real time plus the offset set by POST /_emulator/clock. */
  now(): number {
    return Date.now() + this.state.clockOffsetMs;
  }

  nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  /** A duration of the real service, scaled for tests. */
  scaled(ms: number): number {
    return ms * this.options.timeScale;
  }

  /** Holds waiting for the emulator clock (`hold`), woken when POST /_emulator/clock moves it. */
  private readonly holds = new Set<() => void>();

  /**
   * Waits `ms` of the real service (scaled) on the emulator clock: until the time passes, or until
   * POST /_emulator/clock moves the clock past its end, so a test can release a held request once
   * what it checks has happened instead of waiting the hold out (docs/emulator.md "Time scale").
   */
  hold(ms: number): Promise<void> {
    const end = this.now() + this.scaled(ms);
    return new Promise((resolve) => {
      const check = (): void => {
        if (this.now() < end) return;
        clearTimeout(timer);
        this.holds.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.holds.delete(check);
        resolve();
      }, this.scaled(ms));
      this.holds.add(check);
    });
  }

  /** Moves the emulator clock forward by `ms` (already scaled) and releases the holds it passes. */
  advanceClock(ms: number): void {
    this.state.clockOffsetMs += ms;
    for (const check of [...this.holds]) check();
  }

  file(key: string): FileRecord | undefined {
    return Object.hasOwn(this.state.files, key) ? this.state.files[key] : undefined;
  }

  /** Saves the state when a data file is set; saves run one after another, each with the latest state. */
  commit(): Promise<void> {
    const file = this.options.dataFile;
    if (file === undefined) return Promise.resolve();
    const next = this.saving.then(() => saveState(file, this.state));
    this.saving = next.catch(() => undefined);
    return next;
  }

  /** A file edit: new version, new lastModified, FILE_UPDATE to the team's webhooks. */
  async fileEdited(file: FileRecord): Promise<void> {
    file.version++;
    file.lastModified = this.nowIso();
    await this.commit();
    this.emit(file.teamId, 'FILE_UPDATE', {
      file_key: file.key,
      file_name: file.name,
      timestamp: file.lastModified,
    });
  }

  /** Sends an event to every ACTIVE webhook of the team for this event type. */
  emit(teamId: string, eventType: string, payload: Record<string, unknown>): void {
    for (const hook of Object.values(this.state.webhooks)) {
      if (hook.team_id === teamId && hook.event_type === eventType) {
        this.webhooks.send(hook, { event_type: eventType, ...payload });
      }
    }
  }
}
