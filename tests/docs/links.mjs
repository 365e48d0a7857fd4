// Every relative link in the README and the guides under docs/ leads somewhere: the file
// exists and, for a link with #anchor into a Markdown file, a heading there makes that
// anchor (GitHub's rule: lower case, punctuation dropped, spaces become '-', repeats get
// -1, -2...). Images in <img src> too. Code blocks are skipped, as a renderer skips them.
//   node links.mjs SOURCE_DIR
import fs from 'node:fs';
import path from 'node:path';

const root = process.argv[2];
if (!root) {
  console.error('usage: links.mjs SOURCE_DIR');
  process.exit(2);
}

// The lines of a Markdown file outside fenced code blocks, with their numbers.
function proseLines(text) {
  const out = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    else if (!fenced) out.push({ line, number: i + 1 });
  });
  return out;
}

const anchorCache = new Map();
function anchorsOf(file) {
  if (anchorCache.has(file)) return anchorCache.get(file);
  const seen = new Map();
  const anchors = new Set();
  for (const { line } of proseLines(fs.readFileSync(file, 'utf8'))) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = m[1].toLowerCase().replace(/[^\p{L}\p{N}\- _]/gu, '').replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

function targetsOf(line) {
  const found = [];
  for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) found.push(m[1]);
  for (const m of line.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)) found.push(m[1]);
  return found.filter((t) => !/^[a-z]+:/i.test(t));
}

const docs = path.join(root, 'docs');
const files = [path.join(root, 'README.md')].concat(
  fs.readdirSync(docs).filter((f) => f.endsWith('.md') && f !== 'commands.md').map((f) => path.join(docs, f)));
let broken = 0;
let checked = 0;
for (const file of files) {
  for (const { line, number } of proseLines(fs.readFileSync(file, 'utf8'))) {
    for (const target of targetsOf(line)) {
      checked++;
      const [where, anchor] = target.split('#');
      const resolved = where ? path.resolve(path.dirname(file), where) : file;
      const at = `${path.relative(root, file)}:${number}`;
      if (!fs.existsSync(resolved)) {
        console.error(`${at}: '${target}' leads to no file (${path.relative(root, resolved)})`);
        broken++;
      } else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) {
        console.error(`${at}: '${target}': no heading in ${path.relative(root, resolved)} makes #${anchor}`);
        broken++;
      }
    }
  }
}
console.log(`${checked} links in ${files.length} files, ${broken} broken`);
process.exit(broken ? 1 : 0);
