/**
 * The local Design File Service for the push/pull legs, started as users and scripts start it:
 * `tokensync emulator --port 0 --seed empty` (docs/architecture.md "The local service"), which prints
 * one JSON line when ready. Its request log (`GET /_emulator/requests`, admin credential) counts what a
 * command sent, independently of the client's own accounting.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';

/** @returns {Promise<{ info: { url: string; caFile: string; token: string; fileKey: string; adminToken: string }; stop(): Promise<void> }>} */
export function startEmulatorCli(app) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(app, 'bin', 'tokensync.js'), 'emulator', '--port', '0', '--seed', 'empty', '--rate-limit', '100000'],
      {
        cwd: app,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let buf = '';
    let err = '';
    const fail = (msg) => {
      child.kill('SIGTERM');
      reject(new Error(msg));
    };
    const timer = setTimeout(
      () => fail(`the emulator printed no ready line within 30 s: ${err.slice(0, 400)}`),
      30_000,
    );
    child.stderr.on('data', (c) => (err += c));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the emulator exited with ${code} before it was ready: ${err.slice(0, 400)}`));
    });
    child.stdout.on('data', (c) => {
      buf += c;
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      let info;
      try {
        info = JSON.parse(buf.slice(0, nl));
      } catch {
        fail(`the emulator's ready line is not JSON: ${buf.slice(0, 200)}`);
        return;
      }
      resolve({
        info,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** The service's own log of the calls made so far (control calls left out). */
export function requestLog(info) {
  const ca = readFileSync(info.caFile, 'utf8');
  return new Promise((resolve, reject) => {
    const req = https.get(
      `${info.url}/_emulator/requests`,
      { ca, headers: { 'X-Service-Token': info.adminToken } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          if (res.statusCode !== 200)
            reject(new Error(`GET /_emulator/requests answered ${res.statusCode}: ${body.slice(0, 200)}`));
          else resolve(JSON.parse(body).requests);
        });
      },
    );
    req.on('error', reject);
  });
}
