/**
 * Run in a child process (vite-node) by tls-context.test.ts: Node loads NODE_EXTRA_CA_CERTS into its
 * default root store at start-up only, so a child started with it is how a test gets a "system root"
 * it controls. Prints, as JSON, whether each URL's handshake succeeds under the context the client
 * builds: secureContextFor(trustedCas(caFile text, process.env)).
 */
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { secureContextFor, trustedCas } from '../../../src/api/transport.js';

const [extraFile, ...urls] = process.argv.slice(2);
const ctx = secureContextFor(trustedCas(readFileSync(extraFile ?? '', 'utf8'), process.env));
const results: string[] = [];
for (const url of urls) {
  results.push(
    await new Promise<string>((resolve) => {
      const req = https.get(url, { agent: false, ...(ctx ? { secureContext: ctx } : {}) }, (res) => {
        res.resume();
        resolve('trusted');
      });
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    }),
  );
}
process.stdout.write(JSON.stringify(results));
