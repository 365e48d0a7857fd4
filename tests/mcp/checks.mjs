// Checks the stdio and HTTP tests share: what a client sees must be the same over both.
import assert from 'node:assert/strict';

// gfx_list called with onprogress: its answer, and progress that rises to a stated total.
export function assertGfxListProgress(result, updates, where) {
  assert.notEqual(result.isError, true, result.content.map((c) => c.text).join('\n'));
  assert.equal(result.structuredContent.count, 223);
  assert.ok(updates.length >= 2, `progress${where}: ${JSON.stringify(updates)}`);
  for (let i = 1; i < updates.length; i++) assert.ok(updates[i].progress > updates[i - 1].progress);
  assert.equal(updates.at(-1).total, updates.at(-1).progress);
}
