/**
 * Which certificates the client accepts (docs/architecture.md "Trust"). Verification is never turned
 * off. The full set is the system roots, NODE_EXTRA_CA_CERTS and `service.caFile`. Where the service
 * has a CA of its own (`service.caFile`, or the embedded local service's CA), connections first trust
 * that CA alone: the same trust narrowed (a certificate it verifies, the full set verifies too), and
 * it spares parsing the ~145 system roots and any NODE_EXTRA_CA_CERTS bundle (45-100 ms of CPU) for a
 * service whose certificate chains to its CA. A certificate that CA does not verify is tried once
 * more with the full set, whose verdict is final; nothing was sent over the refused connection.
 */
import { readFileSync } from 'node:fs';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { TokensyncError } from '../errors.js';

/**
 * The extra CAs to trust on top of the system roots: `service.caFile` and NODE_EXTRA_CA_CERTS (read
 * here too, because Node reads it only at start-up and only into the default store, and a process may
 * be given it later in `env`). Undefined when there are none.
 */
export function trustedCas(extraCa: string | undefined, env: NodeJS.ProcessEnv): string[] | undefined {
  const extra: string[] = [];
  if (hasCa(extraCa)) extra.push(extraCa);
  const envFile = env['NODE_EXTRA_CA_CERTS'];
  if (envFile !== undefined && envFile !== '') {
    try {
      extra.push(readFileSync(envFile, 'utf8'));
    } catch (err) {
      throw new TokensyncError('API_CA_FILE', `NODE_EXTRA_CA_CERTS names ${envFile}, which cannot be read.`, {
        hint: 'Point NODE_EXTRA_CA_CERTS at a readable PEM file, or unset it.',
        cause: err,
      });
    }
  }
  return extra.length === 0 ? undefined : extra;
}

function hasCa(ca: string | undefined): ca is string {
  return ca !== undefined && ca.trim() !== '';
}

/** The contexts made so far, by their CAs: one per process for each set (each costs a parse of its certificates). */
const contexts = new Map<string, SecureContext>();

function contextOf(cas: string[]): SecureContext {
  const key = cas.join('\n');
  let ctx = contexts.get(key);
  if (ctx === undefined) {
    ctx = createSecureContext({ ca: cas });
    contexts.set(key, ctx);
  }
  return ctx;
}

/**
 * The TLS context trusting the system roots plus `extraCas`, made once per process and reused.
 * Passing `ca` to each connection instead would make Node parse all ~145 roots for every connection
 * (~25-50 ms of CPU apiece); Node's public API has no way to add a CA to the default store, so the
 * roots are listed with the extra CAs here. The process's shared default store is left alone
 * (test/api/tls-context.test.ts). Undefined (Node's default context) when there are no extra CAs.
 */
export function secureContextFor(extraCas: string[] | undefined): SecureContext | undefined {
  return extraCas === undefined ? undefined : contextOf([...rootCertificates, ...extraCas]);
}

/** The trust of one client: its first context, and the full set once asked to widen. */
export class Trust {
  readonly #ca: string | undefined;
  readonly #env: NodeJS.ProcessEnv;
  #widened: boolean;

  /** `ca`: the service's own CA (service.caFile, or the embedded local service's), when it has one. */
  constructor(ca: string | undefined, env: NodeJS.ProcessEnv) {
    this.#ca = hasCa(ca) ? ca : undefined;
    this.#env = env;
    this.#widened = this.#ca === undefined;
  }

  /** The service's CA alone where it has one, else the full set (undefined: Node's defaults). */
  first(): SecureContext | undefined {
    return this.#ca === undefined ? this.full() : contextOf([this.#ca]);
  }

  /** The full set the first time it is asked for after `first()` trusted the service's CA alone; else false. */
  widen(): SecureContext | undefined | false {
    if (this.#widened) return false;
    // Made before the flag is set: an unreadable NODE_EXTRA_CA_CERTS fails this request, not every later widening.
    const full = this.full();
    this.#widened = true;
    return full;
  }

  full(): SecureContext | undefined {
    return secureContextFor(trustedCas(this.#ca, this.#env));
  }
}
