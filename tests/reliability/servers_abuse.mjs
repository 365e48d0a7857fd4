// Servers under abuse (docs/crash-safety.md): MCP over HTTP, MCP over stdio and
// the debugger's socket each get a flood of requests, half-written and slow
// requests held open while another client is served, an oversized request, and
// a thousand connections opened and dropped. Each must stay up, keep answering
// a well-behaved client, keep its memory bounded, and say on stderr what it
// refused. Everything is loopback and bounded in count and time.
//
// usage: node servers_abuse.mjs Z3ED SAMPLE_ROM   (ctest runs it as reliability/servers_abuse)
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectUnix, frame, frameClient, rssKiB, sleep } from './frames.mjs';

const [binArg, sampleArg] = process.argv.slice(2);
const bin = binArg && path.resolve(binArg), sample = sampleArg && path.resolve(sampleArg);
if (!bin || !sample) {
  console.error('usage: node servers_abuse.mjs Z3ED SAMPLE_ROM');
  process.exit(2);
}
const work = mkdtempSync(path.join(tmpdir(), 'z3ed-abuse-'));
copyFileSync(sample, path.join(work, 'game.sfc'));
const env = { ...process.env, Z3ED_HOME: path.join(work, 'state'), ASAN_OPTIONS: 'detect_leaks=0:quarantine_size_mb=16' }; // ASan's quarantine (256 MiB) would count as growth
const figures = [];

function start(args) {
  const child = spawn(bin, args, { cwd: work, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.stderrText = () => stderr;
  return child;
}

async function stop(child, name) {
  assert.equal(child.exitCode, null, `${name} died: ${child.stderrText().slice(-2000)}`);
  child.kill('SIGTERM');
  const { code, signal } = await child.exited;
  assert.ok(code === 0 || signal === 'SIGTERM', `${name} ended with ${code}/${signal}: ${child.stderrText().slice(-2000)}`);
}

// ---- MCP over HTTP ----------------------------------------------------------------

const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'abuse', version: '1' } } };
const jsonHeaders = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

async function httpSession(url) {
  const r = await fetch(url, { method: 'POST', headers: jsonHeaders, body: JSON.stringify(initialize) });
  assert.equal(r.status, 200);
  await r.text();
  return r.headers.get('mcp-session-id');
}

let busyRefusals = 0;
// A ping as a well-behaved client sends it: a 503 (the server's connection
// limit) is waited out as its Retry-After says, then sent again.
async function httpPing(url, session, id = 7) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const r = await fetch(url, { method: 'POST', headers: { ...jsonHeaders, 'MCP-Session-Id': session },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }) });
    const body = await r.json();
    if (r.status === 503) {
      busyRefusals++;
      await sleep(1000 * Number(r.headers.get('retry-after') ?? 1));
      continue;
    }
    assert.equal(r.status, 200, JSON.stringify(body));
    assert.equal(body.id, id);
    return;
  }
  assert.fail(`ping ${id} refused 20 times`);
}

async function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms); });
  try { return await Promise.race([promise, timeout]); } finally { clearTimeout(timer); }
}

function openSocket(port) {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  });
}

async function abuseHttp() {
  const server = start(['mcp', '--http', '127.0.0.1:0', '--rom', 'game.sfc']);
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => { out += d; if (out.includes('\n')) resolve(out.split('\n')[0]); });
    server.exited.then(() => reject(new Error(`mcp --http exited: ${server.stderrText()}`)));
  });
  const port = Number(new URL(url).port);
  const session = await httpSession(url);
  const before = rssKiB(server.pid);
  // A flood: 1,000 pings, 20 at a time.
  let t0 = Date.now();
  for (let i = 0; i < 1000; i += 20) {
    await Promise.all(Array.from({ length: 20 }, (_, k) => httpPing(url, session, i + k + 10)));
  }
  figures.push(`mcp http: 1000 pings, 20 at a time, in ${Date.now() - t0} ms (${busyRefusals} refused as busy and retried)`);
  // Half-written and slow requests held open while another client is served.
  const half = await openSocket(port);
  half.write('POST /mcp HTTP/1.1\r\nContent-Length: 100\r\n\r\n{"jsonrpc"');
  const slow = await openSocket(port);
  const slowText = `POST /mcp HTTP/1.1\r\nContent-Type: application/json\r\nMCP-Session-Id: ${session}\r\n`;
  let sent = 0;
  const dribble = setInterval(() => { if (sent < slowText.length) slow.write(slowText[sent++]); }, 20);
  t0 = Date.now();
  await httpPing(url, session, 5000);
  assert.ok(Date.now() - t0 < 5000, 'a held-open request delayed another client');
  clearInterval(dribble);
  half.destroy();
  slow.destroy();
  // Oversized: refused before it is read (a 503 for the connection limit is waited out).
  let refused = '';
  for (let attempt = 0; attempt < 20; attempt++) {
    const big = await openSocket(port);
    refused = await new Promise((resolve) => {
      let data = '';
      big.on('data', (d) => { data += d; });
      big.on('close', () => resolve(data));
      big.on('error', () => resolve(data));
      big.write(`POST /mcp HTTP/1.1\r\nContent-Length: ${64 << 20}\r\nMCP-Session-Id: ${session}\r\n\r\n`);
    });
    if (!refused.startsWith('HTTP/1.1 503 ')) break;
    busyRefusals++;
    await sleep(1000);
  }
  assert.match(refused, /^HTTP\/1\.1 413 /);
  // 1,000 connections opened and dropped, some mid-request.
  t0 = Date.now();
  for (let i = 0; i < 1000; i += 50) {
    await Promise.all(Array.from({ length: 50 }, async (_, k) => {
      const s = await openSocket(port);
      if ((i + k) % 2) s.write('POST /mcp HTTP/1.1\r\nContent-Le');
      s.destroy();
    }));
  }
  figures.push(`mcp http: 1000 connections dropped in ${Date.now() - t0} ms`);
  // Every slot held by an idle keep-alive connection: each answer announces the idle
  // timeout (Keep-Alive: timeout=5), and the server closes them after it, so the slots free
  // in seconds, not the 30 s a request in progress may take.
  const idle = await Promise.all(Array.from({ length: 32 }, async (_, k) => {
    const s = await openSocket(port);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 7000 + k, method: 'ping' });
    const answer = new Promise((resolve) => { let text = ''; s.on('data', (d) => { text += d; if (text.includes('"result"')) resolve(text); }); });
    const closed = new Promise((resolve) => { s.on('close', resolve); s.on('error', resolve); });
    s.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Accept: application/json, text/event-stream\r\nMCP-Session-Id: ${session}\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    return { text: await Promise.race([answer, closed.then(() => '')]), closed };
  }));
  const kept = idle.filter((c) => /^HTTP\/1\.1 200 /.test(c.text));
  assert.ok(kept.length > 0, 'no idle connection was answered');
  for (const c of kept) assert.match(c.text, /\r\nKeep-Alive: timeout=5\r\n/i, 'a keep-alive answer does not announce its idle timeout');
  t0 = Date.now();
  await withTimeout(Promise.all(kept.map((c) => c.closed)), 15000, 'closing idle keep-alive connections');
  figures.push(`mcp http: ${kept.length} idle keep-alive connections closed by the server after ${Date.now() - t0} ms`);
  await httpPing(url, session, 6000);
  const after = rssKiB(server.pid);
  figures.push(`mcp http: RSS ${before} KiB before, ${after} KiB after`);
  assert.ok(after - before < 64 * 1024, `memory grew by ${after - before} KiB`);
  assert.match(server.stderrText(), /413|too large|refus/i, 'the refusal is not logged');
  await stop(server, 'mcp --http');
}

// ---- MCP over stdio -----------------------------------------------------------------

async function abuseStdio() {
  const server = start(['mcp', '--rom', 'game.sfc']);
  let out = '';
  const replies = new Map();
  server.stdout.on('data', (d) => {
    out += d;
    let nl;
    while ((nl = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      try { const m = JSON.parse(line); if (m.id !== undefined) replies.set(m.id, m); } catch { /* a notification */ }
    }
  });
  const send = (m) => server.stdin.write(JSON.stringify(m) + '\n');
  const reply = async (id, ms = 30000) => {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(5)) if (replies.has(id)) return replies.get(id);
    throw new Error(`no reply to ${id}: ${server.stderrText().slice(-1000)}`);
  };
  send(initialize);
  await reply(1);
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const before = rssKiB(server.pid);
  let t0 = Date.now();
  let flood = '';
  for (let i = 0; i < 2000; i++) flood += JSON.stringify({ jsonrpc: '2.0', id: 100 + i, method: 'ping' }) + '\n';
  server.stdin.write(flood);
  await reply(2099);
  for (let i = 0; i < 2000; i++) assert.ok(replies.has(100 + i), `ping ${100 + i} was not answered`);
  figures.push(`mcp stdio: 2000 pipelined pings in ${Date.now() - t0} ms`);
  // A line far over any sensible request: an error, then the next request works.
  server.stdin.write('{"jsonrpc":"2.0","id":3,"method":"ping","params":{"pad":"' + 'x'.repeat(40 << 20) + '"}}\n');
  send({ jsonrpc: '2.0', id: 4, method: 'ping' });
  const answered = await reply(4, 60000);
  assert.ok(answered.result !== undefined, JSON.stringify(answered));
  const after = rssKiB(server.pid);
  figures.push(`mcp stdio: RSS ${before} KiB before, ${after} KiB after a 40 MiB line`);
  assert.ok(after - before < 128 * 1024, `memory grew by ${after - before} KiB`);
  server.stdin.end();
  const { code } = await server.exited;
  assert.equal(code, 0, server.stderrText().slice(-2000));
}

// ---- the debugger's socket ------------------------------------------------------------


async function abuseDebug() {
  const socketPath = path.join(work, 'debug.sock');
  const server = start(['debug', 'serve', '--rom', 'game.sfc', '--socket', socketPath, '--idle-timeout', '0']);
  for (let i = 0; i < 200; i++) {
    try { (await new Promise((res, rej) => { const s = net.connect(socketPath, () => res(s)); s.on('error', rej); })).destroy(); break; }
    catch { await sleep(50); }
  }
  const retries = { count: 0 };
  const connect = () => connectUnix(socketPath, retries);
  const good = await connect();
  const goodClient = frameClient(good);
  const ping = async (id) => {
    good.write(frame(JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })));
    const m = await goodClient.next();
    assert.equal(m.id, id, JSON.stringify(m));
  };
  await ping(1);
  const before = rssKiB(server.pid);
  let t0 = Date.now();
  let flood = [];
  for (let i = 0; i < 2000; i++) flood.push(frame(JSON.stringify({ jsonrpc: '2.0', id: 100 + i, method: 'ping' })));
  good.write(Buffer.concat(flood));
  for (let i = 0; i < 2000; i++) assert.equal((await goodClient.next()).id, 100 + i);
  figures.push(`debug socket: 2000 pipelined pings in ${Date.now() - t0} ms`);
  // Half a frame held open, and a client sending one byte every 20 ms.
  const half = await connect();
  half.write(Buffer.from([0, 0, 0, 64]));
  half.write('{"jsonrpc":"2.0"');
  const slow = await connect();
  const slowBytes = frame(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }));
  let sent = 0;
  const dribble = setInterval(() => { if (sent < slowBytes.length) slow.write(slowBytes.subarray(sent, ++sent)); }, 20);
  t0 = Date.now();
  await ping(3);
  assert.ok(Date.now() - t0 < 5000, 'a held-open frame delayed another client');
  clearInterval(dribble);
  half.destroy();
  slow.destroy();
  // A client that sends 20,000 pings and reads none of the replies: the good client is
  // answered at once, before the deaf one is dropped (its replies still for 2 s), logged.
  const deaf = await connect();
  deaf.on('error', () => {});
  const deafClosed = new Promise((resolve) => deaf.on('close', resolve));
  deaf.pause();
  flood = [];
  for (let i = 0; i < 20000; i++) flood.push(frame(JSON.stringify({ jsonrpc: '2.0', id: i, method: 'ping' })));
  deaf.write(Buffer.concat(flood));
  t0 = Date.now();
  await sleep(200); // the server is busy with the deaf client's requests by now
  await ping(5);
  const deafMs = Date.now() - t0;
  assert.doesNotMatch(server.stderrText(), /stopped reading/, 'the ping waited until the deaf client was dropped');
  figures.push(`debug socket: a ping answered ${deafMs - 200} ms after 200 ms beside a client that does not read`);
  for (let i = 0; i < 400 && !/stopped reading/.test(server.stderrText()); i++) await sleep(50);
  assert.match(server.stderrText(), /stopped reading/, 'the deaf client was not dropped');
  figures.push(`debug socket: the deaf client dropped after ${Date.now() - t0} ms`);
  deaf.destroy();
  await deafClosed;
  // A client that sends 20,000 pings and ends its side still gets every reply, then the close.
  const ender = await connect();
  const enderClient = frameClient(ender);
  ender.end(Buffer.concat(flood));
  for (let i = 0; i < 20000; i++) assert.equal((await enderClient.next()).id, i);
  await enderClient.closed;
  // An oversized frame: an error, then that connection closes.
  const big = await connect();
  const bigClient = frameClient(big);
  big.write(Buffer.from([0x7F, 0xFF, 0xFF, 0xFF]));
  assert.equal((await bigClient.next()).error.code, -32600);
  await bigClient.closed;
  // 1,000 connections opened and dropped.
  t0 = Date.now();
  for (let i = 0; i < 1000; i += 50) {
    await Promise.all(Array.from({ length: 50 }, async (_, k) => {
      const s = await connect();
      if ((i + k) % 2) s.write(Buffer.from([0, 0, 1]));
      s.destroy();
    }));
  }
  figures.push(`debug socket: 1000 connections dropped in ${Date.now() - t0} ms (${retries.count} connects retried on a full queue)`);
  await ping(4);
  const after = rssKiB(server.pid);
  figures.push(`debug socket: RSS ${before} KiB before, ${after} KiB after`);
  assert.ok(after - before < 64 * 1024, `memory grew by ${after - before} KiB`);
  assert.match(server.stderrText(), /frame|refus|too large/i, 'the refusal is not logged');
  good.destroy();
  await stop(server, 'debug serve');
}

try {
  await abuseHttp();
  await abuseStdio();
  await abuseDebug();
  for (const f of figures) console.log(`servers_abuse: ${f}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
