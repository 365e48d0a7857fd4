// The GUI harness under abuse (docs/crash-safety.md, "Servers under abuse"):
// `yaze --harness --headless` gets a flood of pipelined Pings, a half-written
// frame and a one-byte-at-a-time client held open, a client that never reads
// its replies, oversized frames, more connections than it serves at once, and
// a thousand connections opened and dropped. yaze must stay up, answer a
// well-behaved client after each, keep its memory bounded and say on stderr
// what it refused. Loopback (a Unix socket) only, bounded in count and time.
//
// usage (under a display, e.g. xvfb-run -a): node harness_abuse.mjs YAZE SAMPLE_ROM
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectUnix, frame, frameClient, rssKiB, sleep } from './frames.mjs';

const [binArg, sampleArg] = process.argv.slice(2);
const yaze = binArg && path.resolve(binArg), sample = sampleArg && path.resolve(sampleArg);
if (!yaze || !sample) {
  console.error('usage: node harness_abuse.mjs YAZE SAMPLE_ROM');
  process.exit(2);
}
const work = mkdtempSync(path.join(tmpdir(), 'yaze-abuse-'));
copyFileSync(sample, path.join(work, 'game.sfc'));
const socketPath = path.join(work, 'h.sock');
// ASan keeps freed memory in quarantine (256 MiB by default), which would count as growth here.
const env = { ...process.env, ASAN_OPTIONS: 'detect_leaks=0:quarantine_size_mb=16', XDG_CONFIG_HOME: path.join(work, 'config') };
const figures = [];

const connect = () => connectUnix(socketPath);

const server = spawn(yaze, ['--harness', socketPath, '--headless', path.join(work, 'game.sfc')],
  { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
let stderr = '';
server.stderr.on('data', (d) => { stderr += d; });
const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));

async function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms); });
  try { return await Promise.race([promise, timeout]); } finally { clearTimeout(timer); }
}

try {
  await withTimeout(new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => { out += d; if (out.includes('harness ')) resolve(); });
    exited.then(() => reject(new Error(`yaze exited: ${stderr.slice(-2000)}`)));
  }), 30000, 'yaze --harness start-up');
  const good = await connect();
  const goodClient = frameClient(good, { ignoreErrors: true });
  let nextId = 1;
  const ping = async (what) => {
    const id = nextId++;
    const t0 = Date.now();
    good.write(frame({ jsonrpc: '2.0', id, method: 'Ping' }));
    const m = await withTimeout(goodClient.next(), 10000, `a Ping after ${what}`);
    assert.equal(m.id, id, JSON.stringify(m));
    assert.ok(m.result && m.result.version, JSON.stringify(m));
    return Date.now() - t0;
  };
  await ping('start-up');
  const before = rssKiB(server.pid);

  // A flood: 2,000 pipelined Pings on one connection, answered in order.
  let t0 = Date.now();
  const flood = [];
  for (let i = 0; i < 2000; i++) flood.push(frame({ jsonrpc: '2.0', id: 10000 + i, method: 'Ping' }));
  good.write(Buffer.concat(flood));
  for (let i = 0; i < 2000; i++) assert.equal((await goodClient.next()).id, 10000 + i);
  figures.push(`2000 pipelined Pings in ${Date.now() - t0} ms`);

  // Half a frame held open, and a client sending one byte every 20 ms: nobody else waits.
  const half = await connect();
  half.write(Buffer.from([0, 0, 0, 64]));
  half.write('{"jsonrpc":"2.0"');
  const slow = await connect();
  const slowBytes = frame({ jsonrpc: '2.0', id: 2, method: 'Ping' });
  let sent = 0;
  const dribble = setInterval(() => { if (sent < slowBytes.length) slow.write(slowBytes.subarray(sent, ++sent)); }, 20);
  const heldMs = await ping('a half-written frame');
  assert.ok(heldMs < 5000, `a held-open frame delayed another client by ${heldMs} ms`);
  clearInterval(dribble);
  half.destroy();
  slow.destroy();

  // A client that sends 20,000 Pings and reads none of the replies: its replies wait in a
  // queue and its requests go unread, so the good client is answered at once, before the
  // deaf one is dropped (when its replies have not moved for 2 s).
  const deaf = await connect();
  deaf.on('error', () => {});
  const deafClosed = new Promise((resolve) => deaf.on('close', resolve));
  deaf.pause();
  const deafFlood = [];
  for (let i = 0; i < 20000; i++) deafFlood.push(frame({ jsonrpc: '2.0', id: i, method: 'Ping' }));
  deaf.write(Buffer.concat(deafFlood));
  t0 = Date.now();
  const deafMs = await ping('a client that does not read');
  assert.ok(!/stopped reading/.test(stderr), 'the Ping waited until the deaf client was dropped');
  figures.push(`a Ping answered in ${deafMs} ms beside a client that does not read`);
  await withTimeout(new Promise((resolve) => { const poll = setInterval(() => {
    if (/stopped reading/.test(stderr)) { clearInterval(poll); resolve(); } }, 50); }), 20000, 'dropping the deaf client');
  figures.push(`the deaf client dropped after ${Date.now() - t0} ms`);
  deaf.destroy();
  await deafClosed;

  // A client that sends 20,000 Pings and then ends its side (shutdown SHUT_WR) still gets
  // every reply, in order, before yaze closes the connection.
  const ender = await connect();
  const enderClient = frameClient(ender, { ignoreErrors: true });
  const enderFlood = [];
  for (let i = 0; i < 20000; i++) enderFlood.push(frame({ jsonrpc: '2.0', id: i, method: 'Ping' }));
  ender.end(Buffer.concat(enderFlood));
  for (let i = 0; i < 20000; i++) assert.equal((await withTimeout(enderClient.next(), 10000, `reply ${i} after the client ended`)).id, i);
  await withTimeout(enderClient.closed, 10000, 'closing once the ended client has its replies');

  // Oversized frames: an error, then that connection closes.
  for (const head of [[0x7F, 0xFF, 0xFF, 0xFF], [0x00, 0x20, 0x00, 0x00]]) {
    const big = await connect();
    const bigClient = frameClient(big, { ignoreErrors: true });
    big.write(Buffer.from(head));
    assert.equal((await withTimeout(bigClient.next(), 10000, 'an oversized frame\'s error')).error.code, -32600);
    await withTimeout(bigClient.closed, 10000, 'closing after an oversized frame');
  }
  await ping('oversized frames');

  // More connections than the harness serves at once: the extra ones get an error and are closed.
  const held = [];
  for (let i = 0; i < 80; i++) held.push(await connect());
  const refusedOnes = held.map((s) => frameClient(s, { ignoreErrors: true }));
  await sleep(300);
  const refusals = await Promise.all(refusedOnes.map((c) => Promise.race([c.closed.then(() => 1), sleep(2000).then(() => 0)])));
  const refusedCount = refusals.reduce((a, b) => a + b, 0);
  assert.ok(refusedCount >= 80 - 64 && refusedCount < 80, `${refusedCount} of 80 connections refused`);
  figures.push(`${refusedCount} of 80 held connections refused (the limit is 64 at once)`);
  for (const s of held) s.destroy();
  await sleep(200);
  await ping('too many connections');

  // 1,000 connections opened and dropped, half in the middle of a frame.
  t0 = Date.now();
  for (let i = 0; i < 1000; i += 50) {
    await Promise.all(Array.from({ length: 50 }, async (_, k) => {
      const s = await connect();
      s.on('error', () => {});
      if ((i + k) % 2) s.write(Buffer.from([0, 0, 1]));
      s.destroy();
    }));
  }
  figures.push(`1000 connections dropped in ${Date.now() - t0} ms`);
  await ping('1000 dropped connections');
  const after = rssKiB(server.pid);
  figures.push(`RSS ${before} KiB before, ${after} KiB after`);
  assert.ok(after - before < 64 * 1024, `memory grew by ${after - before} KiB`);
  assert.match(stderr, /refused a client's frame/, 'the oversized frame is not logged');
  assert.match(stderr, /refused a connection/, 'the connection over the limit is not logged');

  good.write(frame({ jsonrpc: '2.0', id: 'bye', method: 'Shutdown' }));
  assert.equal((await goodClient.next()).id, 'bye');
  const { code, signal } = await withTimeout(exited, 30000, 'yaze quitting');
  assert.equal(code, 0, `yaze ended with ${code}/${signal}: ${stderr.slice(-2000)}`);
  for (const f of figures) console.log(`harness_abuse: ${f}`);
} finally {
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}
