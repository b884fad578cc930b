/**
 * Run in a child process (vite-node) by tls-context.test.ts: Node loads NODE_EXTRA_CA_CERTS into its
 * default root store at start-up only, so a child started with it is how a test gets a "system root"
 * it controls. Prints, as JSON, whether a request to each URL is answered through the connections the
 * client makes: a ConnectionPool over Trust(caFile text, process.env) (trust.ts), which first trusts
 * the caFile's CA alone and then, for a certificate it does not verify, the roots and NODE_EXTRA_CA_CERTS too.
 */
import { readFileSync } from 'node:fs';
import { attempt, ConnectionPool } from '../../../src/api/transport.js';
import { Trust } from '../../../src/api/trust.js';

const [extraFile, ...urls] = process.argv.slice(2);
const pool = new ConnectionPool(new Trust(readFileSync(extraFile ?? '', 'utf8'), process.env), 10_000);
const results: string[] = [];
for (const url of urls) {
  const r = await attempt(pool, url, { method: 'GET', path: '/', headers: {}, body: undefined }, 10_000);
  results.push(r.kind === 'response' ? 'trusted' : String((r as { error?: { code?: string } }).error?.code));
}
await pool.close();
process.stdout.write(JSON.stringify(results));
