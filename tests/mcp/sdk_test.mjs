// z3ed mcp under a real MCP client: the official TypeScript SDK (pinned in
// package-lock.json). The SDK checks what we send more strictly than our own
// tests can: envelopes, result schemas, and every structuredContent against
// its tool's outputSchema (with Ajv).
//
// usage: node sdk_test.mjs Z3ED SAMPLE_ROM   (ctest runs it as mcp/sdk)
import assert from 'node:assert/strict';
import { assertGfxListProgress } from './checks.mjs';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const [bin, sample] = process.argv.slice(2);
if (!bin || !sample) {
  console.error('usage: node sdk_test.mjs Z3ED SAMPLE_ROM');
  process.exit(2);
}

// Loaded here rather than imported at the top, so a missing install says what to do.
let Client, StdioClientTransport, types;
try {
  ({ Client } = await import('@modelcontextprotocol/sdk/client/index.js'));
  ({ StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js'));
  types = await import('@modelcontextprotocol/sdk/types.js');
} catch (e) {
  console.error(`mcp/sdk: cannot load @modelcontextprotocol/sdk (${e.code ?? e.message}).`);
  console.error('Run scripts/bootstrap.sh (it runs npm ci --prefix tests/mcp) and try again.');
  process.exit(1);
}

const work = mkdtempSync(path.join(tmpdir(), 'z3ed-mcp-sdk-'));
const original = readFileSync(sample);
copyFileSync(sample, path.join(work, 'game.sfc'));
const changed = Buffer.from(original);
changed[70000] ^= 0xff;
writeFileSync(path.join(work, 'hack.sfc'), changed);

// One server process: connect, run fn, close stdin; the server must then exit 0
// by itself (no SIGTERM), with no leak report and nothing but JSON on stdout.
async function session(fn, args = ['mcp', '--rom', 'game.sfc']) {
  const transport = new StdioClientTransport({
    command: bin,
    args,
    cwd: work,
    stderr: 'pipe',
    env: {
      Z3ED_HOME: path.join(work, 'state'),
      ASAN_OPTIONS: 'detect_leaks=1',
      UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1',
    },
  });
  let stderr = '';
  transport.stderr.on('data', (d) => { stderr += d; });
  const client = new Client({ name: 'z3ed-sdk-test', version: '0.1.0' }, { enforceStrictCapabilities: true });
  const wireErrors = [];
  client.onerror = (e) => wireErrors.push(String(e));
  await client.connect(transport);
  // `_process` is private, but the SDK is pinned and it is the only way to see the exit status.
  const child = transport._process;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  try {
    await fn(client, wireErrors);
  } finally {
    await client.close();
  }
  const { code, signal } = await exited;
  assert.deepEqual(wireErrors, [], `the client rejected messages; server stderr:\n${stderr}`);
  assert.equal(signal, null, `the server had to be stopped with ${signal}; stderr:\n${stderr}`);
  assert.equal(code, 0, `the server exited with ${code}; stderr:\n${stderr}`);
}

const text = (result) => result.content.map((c) => c.text).join('\n');
const rejectsWith = (promise, code) => assert.rejects(promise, (e) => {
  assert.ok(e instanceof types.McpError, `expected an McpError, got ${e}`);
  assert.equal(e.code, code, e.message);
  return true;
});

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

async function tools(client) {
  const { list, pages } = await listAll(client);
  assert.ok(pages >= 2, `tools/list came in ${pages} page(s)`);
  assert.equal(new Set(list.map((t) => t.name)).size, list.length, 'a tool on two pages');
  assert.ok(list.length >= 20, `only ${list.length} tools`);
  assert.equal(list[0].name, 'describe_tools');
  for (const t of list) {
    assert.match(t.name, /^[a-z][a-z0-9_]{0,63}$/);
    assert.equal(t.inputSchema.type, 'object');
    assert.equal(typeof t.annotations.readOnlyHint, 'boolean');
  }
  const byName = Object.fromEntries(list.map((t) => [t.name, t]));
  assert.equal(byName.rom_info.annotations.readOnlyHint, true);
  assert.equal(byName.rom_fix_checksum.annotations.readOnlyHint, false);
  assert.ok(!(byName.rom_info.inputSchema.required ?? []).includes('rom'), 'rom defaults to the server ROM');

  // Successful calls: the SDK validates each structuredContent against the outputSchema.
  const info = await client.callTool({ name: 'rom_info', arguments: {} });
  assert.notEqual(info.isError, true, text(info));
  assert.equal(info.structuredContent.size, 1048576);
  assert.equal(info.structuredContent.mapping, 'LoROM');
  assert.deepEqual(JSON.parse(info.content[0].text), info.structuredContent);
  const calls = [
    ['rom_header_get', { field: 'title' }],
    ['rom_validate', {}],
    ['rom_export_state', {}],
    ['palette_list', {}],
    ['palette_get', { group: 'ow_main', index: 0 }],
    ['gfx_get_pixel', { sheet: 0, x: 3, y: 4 }],
    ['rom_fix_checksum', { dry_run: true }],
    ['agent_describe', { resource: 'rom' }],
  ];
  for (const [name, args] of calls) {
    const r = await client.callTool({ name, arguments: args });
    assert.notEqual(r.isError, true, `${name}: ${text(r)}`);
    assert.equal(typeof r.structuredContent, 'object', name);
  }
  assert.equal((await client.callTool({ name: 'palette_get', arguments: { group: 'ow_main', index: 0 } }))
    .structuredContent.colors.length > 0, true);
  // A check that finds differences is a result, not an error.
  const diff = await client.callTool({ name: 'rom_diff', arguments: { from: 'game.sfc', to: 'hack.sfc' } });
  assert.notEqual(diff.isError, true, text(diff));
  assert.equal(diff.structuredContent.identical, false);
  assert.equal(diff.structuredContent.bytes_changed, 1);

  // Failures come back as isError results, without structuredContent.
  const failures = [
    ['rom_info', { rom: 'missing.sfc' }, /missing\.sfc/],
    ['rom_fix_checksum', {}, /sandbox/],
    ['rom_header_set', { title: 'HACKED' }, /sandbox/],
    ['gfx_get_pixel', { sheet: 'zero', x: 'a', y: 1 }, /sheet|x/],
    ['rom_info', { rom: 5 }, /must be/],
    ['rom_info', { rmo: 'game.sfc' }, /rmo/],
  ];
  for (const [name, args, why] of failures) {
    const r = await client.callTool({ name, arguments: args });
    assert.equal(r.isError, true, `${name} ${JSON.stringify(args)} should fail`);
    assert.equal(r.structuredContent, undefined);
    assert.match(text(r), why);
  }
  await rejectsWith(client.callTool({ name: 'rom_infoo', arguments: {} }), types.ErrorCode.InvalidParams);
  await rejectsWith(client.listTools({ cursor: 'not-ours' }), types.ErrorCode.InvalidParams);
  // Nothing above may have written the ROM.
  assert.ok(readFileSync(path.join(work, 'game.sfc')).equals(original), 'game.sfc changed');
}

async function progressAndLogging(client) {
  const updates = [];
  const r = await client.callTool({ name: 'gfx_list', arguments: {} }, undefined, {
    onprogress: (p) => updates.push(p),
  });
  assertGfxListProgress(r, updates, '');

  const logs = [];
  client.setNotificationHandler(types.LoggingMessageNotificationSchema, (n) => logs.push(n.params));
  assert.deepEqual(await client.setLoggingLevel('info'), {});
  await client.callTool({ name: 'rom_info', arguments: {} });
  await client.ping(); // the log line was written before this answer
  assert.ok(logs.some((l) => l.level === 'info' && l.data.tool === 'rom_info'), JSON.stringify(logs));
  await rejectsWith(client.setLoggingLevel('loud'), types.ErrorCode.InvalidParams);
}

async function resources(client) {
  const { resources: list } = await client.listResources();
  const uris = list.map((r) => r.uri);
  for (const uri of ['z3ed://rom/state', 'z3ed://catalog', 'z3ed://proposals', 'z3ed://palettes']) {
    assert.ok(uris.includes(uri), `${uri} not in ${uris}`);
  }
  const state = await client.readResource({ uri: 'z3ed://rom/state' });
  assert.equal(state.contents[0].mimeType, 'application/json');
  assert.equal(JSON.parse(state.contents[0].text).format, 'z3ed-state/1');
  const catalog = JSON.parse((await client.readResource({ uri: 'z3ed://catalog' })).contents[0].text);
  assert.ok(catalog.commands.some((c) => c.name === 'rom_info'));
  const proposals = JSON.parse((await client.readResource({ uri: 'z3ed://proposals' })).contents[0].text);
  assert.ok(Array.isArray(proposals.proposals));

  const { resourceTemplates } = await client.listResourceTemplates();
  const templates = resourceTemplates.map((t) => t.uriTemplate);
  assert.ok(templates.includes('z3ed://rom/bank/{bank}'), templates.join(' '));
  assert.ok(templates.includes('z3ed://proposal/{id}'));
  const bank = JSON.parse((await client.readResource({ uri: 'z3ed://rom/bank/0x01' })).contents[0].text);
  assert.equal(bank.offset, 32768);
  const palette = JSON.parse((await client.readResource({ uri: 'z3ed://rom/palette/ow_main/0' })).contents[0].text);
  assert.ok(palette.colors.length > 0);
  await rejectsWith(client.readResource({ uri: 'z3ed://no/such/thing' }), -32002);
  await rejectsWith(client.readResource({ uri: 'z3ed://rom/bank/0x999' }), -32002);
}

async function prompts(client) {
  const { prompts: list } = await client.listPrompts();
  const names = list.map((p) => p.name);
  for (const n of ['inspect-rom', 'recolor-palette', 'review-proposal']) assert.ok(names.includes(n), names.join(' '));
  const inspect = await client.getPrompt({ name: 'inspect-rom', arguments: { focus: 'graphics' } });
  assert.equal(inspect.messages[0].role, 'user');
  assert.match(inspect.messages[0].content.text, /gfx_list/);
  const recolor = await client.getPrompt({
    name: 'recolor-palette', arguments: { group: 'armors', index: '1', look: 'icy blues' },
  });
  assert.match(recolor.messages[0].content.text, /armors/);
  await rejectsWith(client.getPrompt({ name: 'recolor-palette', arguments: { group: 'armors' } }),
    types.ErrorCode.InvalidParams);
  await rejectsWith(client.getPrompt({ name: 'no-such-prompt' }), types.ErrorCode.InvalidParams);
}

async function cancellation(client, wireErrors) {
  // Cancelled at once: the SDK sends notifications/cancelled; no answer may follow.
  const abort = new AbortController();
  const pending = client.callTool({ name: 'gfx_list', arguments: {} }, undefined, { signal: abort.signal });
  abort.abort('changed my mind');
  await assert.rejects(pending);
  assert.deepEqual(await client.ping(), {});
  const r = await client.callTool({ name: 'rom_info', arguments: {} });
  assert.notEqual(r.isError, true);
  assert.deepEqual(wireErrors, [], 'an answer arrived for the cancelled call');
}

try {
  await session(async (client, wireErrors) => {
    assert.equal(client.getServerVersion().name, 'z3ed');
    const caps = client.getServerCapabilities();
    for (const k of ['tools', 'resources', 'prompts', 'logging']) assert.ok(caps[k], `capability ${k}`);
    assert.match(client.getInstructions(), /dry_run/);
    assert.deepEqual(await client.ping(), {});
    await tools(client);
    await progressAndLogging(client);
    await resources(client);
    await prompts(client);
    await cancellation(client, wireErrors);
  }, ['mcp', '--rom', 'game.sfc', '--read-only']);
  // Without --rom: the ROM resources are gone, tools need their "rom" argument.
  await session(async (client) => {
    const { resources: list } = await client.listResources();
    assert.ok(!list.some((r) => r.uri.startsWith('z3ed://rom/')));
    const r = await client.callTool({ name: 'rom_info', arguments: { rom: 'hack.sfc' } });
    assert.equal(r.structuredContent.path, 'hack.sfc');
    const missing = await client.callTool({ name: 'rom_info', arguments: {} });
    assert.equal(missing.isError, true);
  }, ['mcp']);
  // --toolsets: one short page, and describe_tools reaches every other tool on demand.
  await session(async (client) => {
    const { list, pages } = await listAll(client);
    assert.equal(pages, 1);
    assert.ok(list.every((t) => t.name === 'describe_tools' || t.name.startsWith('palette_')), list.map((t) => t.name).join(' '));
    const index = await client.callTool({ name: 'describe_tools', arguments: {} });
    assert.ok(index.structuredContent.toolsets.some((s) => s.name === 'gfx'));
    const d = await client.callTool({ name: 'describe_tools', arguments: { names: ['gfx_get_pixel'] } });
    assert.deepEqual(Object.keys(d.structuredContent.tools[0].inputSchema.properties).sort(),
      ['rom', 'sheet', 'x', 'y']);
    const px = await client.callTool({ name: 'gfx_get_pixel', arguments: { sheet: 0, x: 3, y: 4 } });
    assert.notEqual(px.isError, true, text(px));
  }, ['mcp', '--rom', 'game.sfc', '--toolsets', 'palette']);
  // --proposal: a person made the proposal; the agent's writes land in its sandbox.
  execFileSync(bin, ['agent', 'proposal', 'create', '--rom', 'game.sfc', '--title', 'sdk edit', '-q'], {
    cwd: work, env: { ...process.env, Z3ED_HOME: path.join(work, 'state') },
  });
  await session(async (client) => {
    assert.match(client.getInstructions(), /proposal 1/);
    const set = await client.callTool({
      name: 'palette_set_color', arguments: { group: 'ow_main', index: 0, color: 3, value: '#FF0000' },
    });
    assert.notEqual(set.isError, true, text(set));
    const got = await client.callTool({ name: 'palette_get_color', arguments: { group: 'ow_main', index: 0, color: 3 } });
    assert.equal(got.structuredContent.value.rgb, '#FF0000');
    const diff = JSON.parse((await client.readResource({ uri: 'z3ed://proposal/1/diff' })).contents[0].text);
    assert.ok(diff.change_count >= 1, JSON.stringify(diff));
    const outside = await client.callTool({ name: 'rom_expand', arguments: { size: '2MiB', output: 'big.sfc' } });
    assert.equal(outside.isError, true);
  }, ['mcp', '--proposal', '1']);
  assert.ok(readFileSync(path.join(work, 'game.sfc')).equals(original), 'the real ROM changed');
  // --rom without --proposal: the first write opens a session proposal (2: 1 is the person's);
  // a second session resumes it; only a person's accept changes the ROM.
  const edit = async (client, color, value) => {
    const r = await client.callTool({ name: 'palette_set_color', arguments: { group: 'armors', index: 0, color, value } });
    assert.notEqual(r.isError, true, text(r));
    const p = r._meta['z3ed/proposal'];
    assert.equal(p.proposal.id, 2);
    assert.match(p.accept, /^z3ed agent proposal accept --proposal-id 2 --rom game\.sfc$/);
    assert.equal(JSON.parse(r.content.at(-1).text).proposal.id, 2);
    return p;
  };
  await session(async (client) => {
    assert.match(client.getInstructions(), /proposal/);
    const before = await client.callTool({ name: 'palette_get_color', arguments: { group: 'armors', index: 0, color: 1 } });
    assert.equal(before._meta, undefined, 'a read opens no proposal');
    const p = await edit(client, 1, '#C63131');
    assert.ok(p.diff.change_count >= 1, JSON.stringify(p.diff));
    const got = await client.callTool({ name: 'palette_get_color', arguments: { rom: 'game.sfc', group: 'armors', index: 0, color: 1 } });
    assert.equal(got.structuredContent.value.rgb, '#C63131', 'reads see the sandbox');
  });
  await session(async (client) => { await edit(client, 2, '#E75A5A'); });
  assert.ok(readFileSync(path.join(work, 'game.sfc')).equals(original), 'a session proposal wrote the real ROM');
  execFileSync(bin, ['agent', 'proposal', 'accept', '--proposal-id', '2', '--rom', 'game.sfc', '-q'], {
    cwd: work, env: { ...process.env, Z3ED_HOME: path.join(work, 'state') },
  });
  const accepted = JSON.parse(execFileSync(bin, ['palette', 'get-color', '--rom', 'game.sfc', '--group', 'armors',
    '--index', '0', '--color', '2', '--format', 'json'], { cwd: work }).toString());
  assert.equal(accepted.result.value.rgb, '#E75A5A');
  const audit = readFileSync(path.join(work, 'state', 'audit.jsonl'), 'utf8').trim().split('\n');
  assert.ok(audit.length >= 20, `audit log has ${audit.length} lines`);
  for (const line of audit) assert.equal(typeof JSON.parse(line).tool, 'string');
  const last = JSON.parse(audit.at(-1));
  assert.equal(last.client, 'z3ed-sdk-test');
  assert.match(last.session, /^[0-9a-f]{32}$/);
  console.log(`mcp/sdk: ok (SDK ${JSON.parse(readFileSync(new URL('./node_modules/@modelcontextprotocol/sdk/package.json', import.meta.url))).version}, ${audit.length} audited calls)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
