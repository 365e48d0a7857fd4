// z3ed mcp --http under the official TypeScript SDK's StreamableHTTPClientTransport,
// plus the requests a well-behaved client never sends: no token, a foreign Origin,
// a stale session id, malformed HTTP. The server must answer each with the right
// status and stay up, then stop cleanly on SIGTERM.
//
// usage: node http_test.mjs Z3ED SAMPLE_ROM   (ctest runs it as mcp/http)
import assert from 'node:assert/strict';
import { assertGfxListProgress } from './checks.mjs';
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const [bin, sample] = process.argv.slice(2);
if (!bin || !sample) {
  console.error('usage: node http_test.mjs Z3ED SAMPLE_ROM');
  process.exit(2);
}

let Client, StreamableHTTPClientTransport, StreamableHTTPError, types;
try {
  ({ Client } = await import('@modelcontextprotocol/sdk/client/index.js'));
  ({ StreamableHTTPClientTransport, StreamableHTTPError } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js'));
  types = await import('@modelcontextprotocol/sdk/types.js');
} catch (e) {
  console.error(`mcp/http: cannot load @modelcontextprotocol/sdk (${e.code ?? e.message}).`);
  console.error('Run scripts/bootstrap.sh (it runs npm ci --prefix tests/mcp) and try again.');
  process.exit(1);
}

const work = mkdtempSync(path.join(tmpdir(), 'z3ed-mcp-http-'));
const original = readFileSync(sample);
copyFileSync(sample, path.join(work, 'game.sfc'));
const token = 'test-token-0123456789abcdef';
const env = {
  ...process.env,
  Z3ED_HOME: path.join(work, 'state'),
  ASAN_OPTIONS: 'detect_leaks=1',
  UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1',
};

// Starts the server; resolves with its URL (the first stdout line) and the process.
function startServer(args, extraEnv = {}) {
  const child = spawn(bin, ['mcp', ...args], { cwd: work, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, stderr: () => stderr })));
  const url = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    exited.then(({ code }) => reject(new Error(`the server exited with ${code}: ${stderr}`)));
  });
  return { child, url, exited, stderr: () => stderr };
}

async function connect(url, headers = { Authorization: `Bearer ${token}` }) {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  const client = new Client({ name: 'z3ed-http-test', version: '0.1.0' }, { enforceStrictCapabilities: true });
  const wireErrors = [];
  client.onerror = (e) => wireErrors.push(String(e));
  await client.connect(transport);
  return { client, transport, wireErrors };
}

const text = (result) => result.content.map((c) => c.text).join('\n');

// Every page of tools/list, following nextCursor.
async function listAll(client) {
  const list = [];
  let cursor, pages = 0;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    list.push(...page.tools);
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { list, pages };
}

// One raw request on its own connection; resolves with the status line and the whole answer.
function raw(url, request) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const sock = net.connect(Number(port), hostname, () => sock.end(request));
    let data = '';
    sock.on('data', (d) => { data += d; });
    sock.on('end', () => resolve({ status: Number(data.split(' ')[1]), data }));
    sock.on('error', reject);
  });
}

function post(url, body, headers = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
const auth = { Authorization: `Bearer ${token}` };

async function sdkSession(url) {
  const { client, transport, wireErrors } = await connect(url);
  assert.equal(client.getServerVersion().name, 'z3ed');
  assert.match(transport.sessionId, /^[0-9a-f]{32}$/);
  const { list, pages } = await listAll(client);
  assert.ok(pages >= 2, `tools/list came in ${pages} page(s)`);
  assert.equal(new Set(list.map((t) => t.name)).size, list.length, 'a tool on two pages');
  assert.ok(list.some((t) => t.name === 'rom_info'));
  const info = await client.callTool({ name: 'rom_info', arguments: {} });
  assert.notEqual(info.isError, true, text(info));
  assert.equal(info.structuredContent.size, 1048576);
  // An edit goes to a session proposal; the real ROM stays as it was.
  const set = await client.callTool({ name: 'palette_set_color', arguments: { group: 'armors', index: 0, color: 1, value: '#C63131' } });
  assert.notEqual(set.isError, true, text(set));
  const p = set._meta['z3ed/proposal'];
  assert.equal(p.proposal.id, 1);
  assert.match(p.accept, /^z3ed agent proposal accept --proposal-id 1 --rom game\.sfc$/);
  assert.ok(readFileSync(path.join(work, 'game.sfc')).equals(original), 'a session proposal wrote the real ROM');
  assert.deepEqual(wireErrors, []);
  const id = transport.sessionId;
  const alive = await post(url, { jsonrpc: '2.0', id: 4, method: 'ping' }, { ...auth, 'MCP-Session-Id': id });
  assert.equal(alive.status, 200);
  await transport.terminateSession();
  await client.close();
  // The ended session's id is stale now.
  const stale = await post(url, { jsonrpc: '2.0', id: 5, method: 'ping' },
    { ...auth, 'MCP-Session-Id': id });
  assert.equal(stale.status, 404);
}

// Progress and log lines come over HTTP as an event stream before the answer, when the
// client accepts one and asked for them; other requests stay application/json.
async function streamed(url) {
  const { client, transport, wireErrors } = await connect(url);
  const updates = [];
  const r = await client.callTool({ name: 'gfx_list', arguments: {} }, undefined, {
    onprogress: (p) => updates.push(p),
  });
  assertGfxListProgress(r, updates, ' over HTTP');
  const logs = [];
  client.setNotificationHandler(types.LoggingMessageNotificationSchema, (n) => logs.push(n.params));
  assert.deepEqual(await client.setLoggingLevel('info'), {});
  await client.callTool({ name: 'rom_info', arguments: {} });
  assert.ok(logs.some((l) => l.level === 'info' && l.data.tool === 'rom_info'), `logs over HTTP: ${JSON.stringify(logs)}`);
  assert.deepEqual(wireErrors, []);
  const id = transport.sessionId;
  // The wire: a request with a progress token gets the stream, one without it plain JSON.
  const call = { jsonrpc: '2.0', id: 77, method: 'tools/call', params: { name: 'gfx_list', arguments: {}, _meta: { progressToken: 'p1' } } };
  const headers = { ...auth, 'MCP-Session-Id': id };
  const sse = await post(url, call, headers);
  assert.equal(sse.headers.get('content-type'), 'text/event-stream');
  const events = (await sse.text()).split('\n\n').filter((e) => e).map((e) => JSON.parse(e.split('\ndata: ')[1]));
  const before = events.slice(0, -1); // progress for p1, and this session's log lines (it set a level)
  assert.ok(before.filter((e) => e.method === 'notifications/progress' && e.params.progressToken === 'p1').length >= 2,
    JSON.stringify(before));
  assert.ok(before.every((e) => (e.method === 'notifications/progress' && e.params.progressToken === 'p1') ||
    e.method === 'notifications/message'), JSON.stringify(before));
  assert.equal(events.at(-1).id, 77);
  assert.equal(events.at(-1).result.structuredContent.count, 223);
  const plain = await post(url, { jsonrpc: '2.0', id: 78, method: 'ping' }, { ...headers, Accept: 'application/json' });
  assert.equal(plain.headers.get('content-type'), 'application/json');
  await transport.terminateSession();
  await client.close();
}

async function pagedToolsets(url) {
  const { client, transport } = await connect(url);
  const page = await client.listTools({});
  assert.ok(page.nextCursor, 'the first page has a cursor');
  const next = await client.listTools({ cursor: page.nextCursor });
  assert.ok(next.tools.length > 0);
  assert.ok(!next.tools.some((t) => page.tools.some((u) => u.name === t.name)));
  await transport.terminateSession();
  await client.close();
}

// At 16 sessions the least recently used idle one makes room for the next: its id
// is stale afterwards (404) while the others, and the newcomer, still answer.
async function sessionLimit(url) {
  const ids = [];
  for (let i = 0; i < 17; i++) {
    const r = await post(url, initialize, auth);
    assert.equal(r.status, 200, `session ${i + 1}: ${await r.text()}`);
    ids.push(r.headers.get('mcp-session-id'));
    assert.match(ids[i], /^[0-9a-f]{32}$/);
  }
  const ping = (id) => post(url, { jsonrpc: '2.0', id: 7, method: 'ping' }, { ...auth, 'MCP-Session-Id': id });
  assert.equal((await ping(ids[0])).status, 404, 'the oldest idle session was kept past the limit');
  for (const id of [ids[1], ids[8], ids[16]]) assert.equal((await ping(id)).status, 200);
  for (const id of ids.slice(1)) {
    const end = await fetch(url, { method: 'DELETE', headers: { ...auth, 'MCP-Session-Id': id } });
    assert.ok(end.status === 200 || end.status === 204, `DELETE: ${end.status}`);
  }
}

async function refusals(url) {
  // No token, a wrong token: 401 with a challenge.
  let r = await post(url, initialize);
  assert.equal(r.status, 401);
  assert.match(r.headers.get('www-authenticate'), /^Bearer/);
  r = await post(url, initialize, { Authorization: 'Bearer wrong-token-0123456789' });
  assert.equal(r.status, 401);
  await assert.rejects(connect(url, {}), (e) => e instanceof StreamableHTTPError && e.code === 401);
  // A page on another origin (DNS rebinding): 403 even with the token.
  r = await post(url, initialize, { ...auth, Origin: 'http://evil.example' });
  assert.equal(r.status, 403);
  // An unknown session id: 404; none at all after initialize: 400.
  r = await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { ...auth, 'MCP-Session-Id': '0123456789abcdef0123456789abcdef' });
  assert.equal(r.status, 404);
  r = await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, auth);
  assert.equal(r.status, 400);
  // Bad bodies: not JSON, a batch, a bad id.
  r = await post(url, '{"jsonrpc":', auth);
  assert.equal(r.status, 400);
  assert.equal((await r.json()).error.code, -32700);
  r = await post(url, [initialize], auth);
  assert.equal(r.status, 400);
  r = await post(url, { ...initialize, id: [1] }, auth);
  assert.equal(r.status, 400);
  r = await post(url, initialize, { ...auth, 'MCP-Protocol-Version': '1999-01-01' });
  assert.equal(r.status, 400);
  // GET offers no stream; other paths do not exist.
  r = await fetch(url, { headers: auth });
  assert.equal(r.status, 405);
  r = await fetch(new URL('/other', url), { method: 'POST', headers: auth });
  assert.equal(r.status, 404);
  // Malformed HTTP, straight on the socket.
  const bad = [
    ['GARBAGE\r\n\r\n', 400],
    ['POST /mcp HTTP/1.1\nHost: x\n\n', 400],
    ['POST /mcp HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 501],
    ['POST /mcp HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}', 400],
    ['POST /mcp HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n', 413],
    ['POST /mcp HTTP/1.1\r\nHost: x\r\n\r\n', 411],
    [`GET /mcp HTTP/1.1\r\nX: ${'a'.repeat(20000)}\r\n\r\n`, 431],
    ['GET /mcp HTTP/3.0\r\n\r\n', 505],
    ['POST /mcp HTTP/1.1\r\nExpect: magic\r\nContent-Length: 2\r\n\r\n{}', 417],
  ];
  for (const [request, status] of bad) {
    const got = await raw(url, request);
    assert.equal(got.status, status, `${JSON.stringify(request.slice(0, 60))}: ${got.data.slice(0, 200)}`);
  }
  // Expect: 100-continue (curl sends it for large bodies): the body follows our 100.
  const body = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' });
  const head = `POST /mcp HTTP/1.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
    `Expect: 100-continue\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  const continued = await new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    let data = '', sent = false;
    const sock = net.connect(Number(port), hostname, () => sock.write(head));
    sock.on('data', (d) => {
      data += d;
      if (!sent && data.includes('100 Continue\r\n\r\n')) { sent = true; sock.end(body); }
    });
    sock.on('end', () => resolve(data));
    sock.on('error', reject);
  });
  assert.match(continued, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 400 /, continued);
  assert.match(continued, /MCP-Session-Id is required/);
  // A client that connects and leaves without a word.
  await new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const s = net.connect(Number(port), hostname, () => { s.write('POST /mcp HTTP/1.1\r\nContent-Le'); s.destroy(); resolve(); });
  });
}

let server;
try {
  // A non-loopback address needs a token.
  const open = startServer(['--http', '0.0.0.0:0', '--rom', 'game.sfc']);
  await assert.rejects(open.url);
  const { code: openCode } = await open.exited;
  assert.equal(openCode, 2);
  assert.match(open.stderr(), /token is required/);

  // A port past 65535 is refused, not taken modulo 65536 as getaddrinfo would.
  const far = startServer(['--http', '127.0.0.1:99999', '--rom', 'game.sfc']);
  await assert.rejects(far.url);
  assert.equal((await far.exited).code, 2);
  assert.match(far.stderr(), /port 99999 is outside 0-65535/);

  // A token file that cannot be read says why (a folder is not "empty").
  const folder = startServer(['--http', '127.0.0.1:0', '--token-file', work, '--rom', 'game.sfc']);
  await assert.rejects(folder.url);
  assert.equal((await folder.exited).code, 2);
  assert.match(folder.stderr(), /cannot read the token file '.*': Is a directory/);
  const missing = startServer(['--http', '127.0.0.1:0', '--token-file', path.join(work, 'no-such-token'), '--rom', 'game.sfc']);
  await assert.rejects(missing.url);
  assert.equal((await missing.exited).code, 2);
  assert.match(missing.stderr(), /cannot read the token file '.*no-such-token': No such file or directory/);
  const empty = path.join(work, 'empty-token');
  writeFileSync(empty, '');
  const blank = startServer(['--http', '127.0.0.1:0', '--token-file', empty, '--rom', 'game.sfc']);
  await assert.rejects(blank.url);
  assert.equal((await blank.exited).code, 2);
  assert.match(blank.stderr(), /cannot read the token file '.*empty-token': it is empty/);

  server = startServer(['--http', '127.0.0.1:0', '--rom', 'game.sfc'], { Z3ED_MCP_TOKEN: token });
  const url = await server.url;
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  // The same address again: refused with the reason and a way out.
  const twice = startServer(['--http', new URL(url).host, '--rom', 'game.sfc'], { Z3ED_MCP_TOKEN: token });
  await assert.rejects(twice.url);
  assert.equal((await twice.exited).code, 3);
  assert.match(twice.stderr(), /Address already in use\nhint: another server listens there; choose another port, or 0/);
  await refusals(url);
  await sessionLimit(url);
  await sdkSession(url);
  await streamed(url);
  await pagedToolsets(url);
  // Accepting is a person's step, outside the client.
  execFileSync(bin, ['agent', 'proposal', 'accept', '--proposal-id', '1', '--rom', 'game.sfc', '-q'], { cwd: work, env });
  const accepted = JSON.parse(execFileSync(bin, ['palette', 'get-color', '--rom', 'game.sfc', '--group', 'armors',
    '--index', '0', '--color', '1', '--format', 'json'], { cwd: work, env }).toString());
  assert.equal(accepted.result.value.rgb, '#C63131');
  // Still up after all of the above, and a session works from the start again.
  const { client } = await connect(url);
  const r = await client.callTool({ name: 'rom_info', arguments: {} });
  assert.notEqual(r.isError, true, text(r));
  await client.close();
  const audit = readFileSync(path.join(work, 'state', 'audit.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.ok(audit.some((a) => a.client === 'z3ed-http-test' && a.tool === 'palette_set_color'));
  server.child.kill('SIGTERM');
  const { code, signal } = await server.exited;
  assert.equal(signal, null, `stopped by ${signal}; stderr:\n${server.stderr()}`);
  assert.equal(code, 0, `exit ${code}; stderr:\n${server.stderr()}`);
  console.log(`mcp/http: ok (${audit.length} audited calls)`);
} finally {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL'); // a failed check leaves no server behind
  rmSync(work, { recursive: true, force: true });
}
