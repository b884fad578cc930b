/**
 * Injected faults, so clients can be tested against the failures
 * a real network and service produce. A rule names the calls it hits (method, path pattern, which
 * matching call, how many times) and what happens to them. Format documented in docs/emulator.md.
 */
export const FAULT_KINDS = ['rate-limit', 'error-500', 'commit-then-drop', 'reset', 'delay', 'truncate'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
  /** HTTP method to match; any when omitted. */
  method?: string;
  /** Path pattern: `*` matches within one segment, `**` across segments; the query string is not matched. */
  path: string;
  /** Which matching call is hit first, 1-based, counted from when the rule was added (default 1). */
  nth?: number;
  /** How many matching calls in a row get the fault from then on (default 1). */
  times?: number;
  fault: FaultKind;
  /** rate-limit: the Retry-After value in seconds (default 1). */
  retryAfter?: number;
  /** delay: milliseconds before the call is handled (multiplied by timeScale; default 1000). */
  delayMs?: number;
}

export interface ActiveFault extends Required<Pick<FaultRule, 'path' | 'nth' | 'times' | 'fault'>> {
  id: string;
  method: string | null;
  retryAfter: number;
  delayMs: number;
  /** Matching calls seen so far. */
  seen: number;
  /** Faults delivered so far. */
  fired: number;
}

export type RuleCheck = { ok: true; rule: FaultRule } | { ok: false; message: string };

/** Validates a rule from the control API; messages name the key and what is allowed. */
export function checkRule(value: unknown): RuleCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: 'A fault rule must be a JSON object.' };
  const v = value as Record<string, unknown>;
  const known = new Set(['method', 'path', 'nth', 'times', 'fault', 'retryAfter', 'delayMs']);
  for (const k of Object.keys(v))
    if (!known.has(k))
      return { ok: false, message: `Unknown key "${k}" in the fault rule; allowed: ${[...known].join(', ')}.` };
  if (typeof v['path'] !== 'string' || !v['path'].startsWith('/'))
    return { ok: false, message: 'Key "path" must be a path pattern starting with "/", e.g. "/v1/files/*/variables".' };
  if (typeof v['fault'] !== 'string' || !(FAULT_KINDS as readonly string[]).includes(v['fault'])) {
    return { ok: false, message: `Key "fault" must be one of ${FAULT_KINDS.join(', ')}.` };
  }
  if (v['method'] !== undefined && (typeof v['method'] !== 'string' || !/^[A-Za-z]+$/.test(v['method'])))
    return { ok: false, message: 'Key "method" must be an HTTP method such as "POST".' };
  for (const k of ['nth', 'times'] as const) {
    const n = v[k];
    if (n !== undefined && (typeof n !== 'number' || !Number.isInteger(n) || n < 1))
      return { ok: false, message: `Key "${k}" must be a whole number of at least 1.` };
  }
  for (const k of ['retryAfter', 'delayMs'] as const) {
    const n = v[k];
    if (n !== undefined && (typeof n !== 'number' || !Number.isFinite(n) || n < 0))
      return { ok: false, message: `Key "${k}" must be a number of at least 0.` };
  }
  return { ok: true, rule: v as unknown as FaultRule };
}

function patternToRegex(pattern: string): RegExp {
  const source = pattern
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

export class FaultTable {
  private rules: (ActiveFault & { regex: RegExp })[] = [];
  private next = 1;

  add(rule: FaultRule): ActiveFault {
    const active = {
      id: `fault-${this.next++}`,
      method: rule.method ? rule.method.toUpperCase() : null,
      path: rule.path,
      nth: rule.nth ?? 1,
      times: rule.times ?? 1,
      fault: rule.fault,
      retryAfter: rule.retryAfter ?? 1,
      delayMs: rule.delayMs ?? 1000,
      seen: 0,
      fired: 0,
      regex: patternToRegex(rule.path),
    };
    this.rules.push(active);
    return this.describe(active);
  }

  list(): ActiveFault[] {
    return this.rules.map((r) => this.describe(r));
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault for this call, if any; every matching rule counts the call, the first due one fires. */
  take(method: string, path: string): ActiveFault | null {
    let hit: ActiveFault | null = null;
    for (const r of this.rules) {
      if (r.method !== null && r.method !== method) continue;
      if (!r.regex.test(path)) continue;
      r.seen++;
      if (hit === null && r.seen >= r.nth && r.fired < r.times) {
        r.fired++;
        hit = this.describe(r);
      }
    }
    return hit;
  }

  private describe(r: ActiveFault & { regex?: RegExp }): ActiveFault {
    const { regex: _regex, ...rest } = r;
    return { ...rest };
  }
}
