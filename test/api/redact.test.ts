import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/api/redact.js';
import { formatPath } from '../../src/api/http.js';

describe('Redactor', () => {
  it('hides every known secret, also URL-encoded', () => {
    const r = new Redactor();
    r.add('s3cr3t/token+value');
    expect(r.redact('got s3cr3t/token+value and s3cr3t%2Ftoken%2Bvalue')).toBe('got [redacted] and [redacted]');
  });
  it('hides credential-shaped text it was never told about', () => {
    const r = new Redactor();
    expect(r.redact('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer [redacted]');
    expect(r.redact('X-Service-Token: figd_123456')).toBe('X-Service-Token: [redacted]');
    expect(r.redact('client_id=app&client_secret=xyz123&refresh_token=r-987&code=c0de')).toBe(
      'client_id=app&client_secret=[redacted]&refresh_token=[redacted]&code=[redacted]',
    );
    expect(r.redact('{"access_token":"at-1","token": "pat-2","passcode":"pc"}')).toBe(
      '{"access_token":"[redacted]","token": "[redacted]","passcode":"[redacted]"}',
    );
  });
  it('keeps ordinary text readable', () => {
    const r = new Redactor();
    r.add('abc'); // too short to be a secret worth masking everywhere
    expect(r.redact('variable name "color/abc" is invalid (status code 400)')).toBe(
      'variable name "color/abc" is invalid (status code 400)',
    );
  });
  it('copies errors into safe causes: name, code and redacted message, recursively', () => {
    const r = new Redactor();
    r.add('tok-123456');
    const inner = Object.assign(new Error('socket sent tok-123456'), {
      code: 'ECONNRESET',
      socket: { secret: 'tok-123456' },
    });
    const outer = new Error('request failed', { cause: inner });
    const safe = r.sanitizeError(outer);
    expect(safe?.message).toBe('request failed');
    const c = safe?.cause as Error & { code?: string };
    expect(c.message).toBe('socket sent [redacted]');
    expect(c.code).toBe('ECONNRESET');
    expect(JSON.stringify(Object.entries(c))).not.toContain('tok-123456');
  });
});

describe('schema error field paths', () => {
  it('names nested fields the way a reader looks them up', () => {
    expect(formatPath(['meta', 'variables', 'VariableID:1:2', 'resolvedType'])).toBe(
      'meta.variables["VariableID:1:2"].resolvedType',
    );
    expect(formatPath(['comments', 3, 'user', 'id'])).toBe('comments[3].user.id');
    expect(formatPath([])).toBe('(body)');
  });
});
