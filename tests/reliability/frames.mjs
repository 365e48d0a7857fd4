// What the abuse tests share: the project's framed JSON-RPC (a 4-byte big-endian
// length, then the JSON), a reader of the replies, connecting, and the memory of a process.
import { readFileSync } from 'node:fs';
import net from 'node:net';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A connection to a Unix socket. A full listen backlog (dropped connections the server has
// not reached yet, on a loaded machine) is EAGAIN there: a client waits and retries, as a
// real one would; retries.count says how often.
export async function connectUnix(socketPath, retries = { count: 0 }) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await new Promise((resolve, reject) => {
        const s = net.connect(socketPath, () => resolve(s));
        s.on('error', reject);
      });
    } catch (e) {
      if (e.code !== 'EAGAIN' || attempt >= 200) throw e;
    }
    retries.count++;
    await sleep(10);
  }
}

export function rssKiB(pid) {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return m ? Number(m[1]) : 0;
}

// A string is sent as it is (malformed frames too), anything else as JSON.
export function frame(value) {
  const body = Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  return Buffer.concat([head, body]);
}

// Replies in arrival order; `closed` settles when the server hangs up. With
// ignoreErrors, a reset connection only closes (a server that cuts a client off).
export function frameClient(sock, { ignoreErrors = false } = {}) {
  let buf = Buffer.alloc(0);
  const waiting = [], got = [];
  sock.on('data', (d) => {
    buf = Buffer.concat([buf, d]);
    while (buf.length >= 4 && buf.length >= 4 + buf.readUInt32BE(0)) {
      const n = buf.readUInt32BE(0);
      got.push(JSON.parse(buf.subarray(4, 4 + n).toString()));
      buf = buf.subarray(4 + n);
    }
    while (waiting.length && got.length) waiting.shift()(got.shift());
  });
  if (ignoreErrors) sock.on('error', () => {});
  return {
    next: () => new Promise((resolve) => { if (got.length) resolve(got.shift()); else waiting.push(resolve); }),
    closed: new Promise((resolve) => sock.on('close', resolve)),
  };
}
