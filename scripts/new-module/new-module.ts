// npm run new:module -- <name> <label> <menu folder>, e.g. npm run new:module -- room-type 房型 /room
// Writes the skeleton of a module on every side (see docs/modules.md) and adds it to the central lists.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { centralEdits, insertAfter, moduleFiles, namesOf } from './templates.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const [name, label, parent] = process.argv.slice(2);
if (!name || !label || !parent) {
  console.error('usage: npm run new:module -- <kebab-name> <中文名称> <menu folder, e.g. /room>');
  process.exit(1);
}
const names = namesOf(name, label, parent);
if (existsSync(join(root, 'apps/server/src/modules', name))) {
  console.error(`module ${name} exists already`);
  process.exit(1);
}
const migrations = readdirSync(join(root, 'apps/server/migrations')).filter((f) => /^\d{4}_/.test(f)).sort();
const next = String(Number(migrations.at(-1)!.slice(0, 4)) + 1).padStart(4, '0');

for (const [path, text] of Object.entries(moduleFiles(names, next))) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  console.log(`wrote ${path}`);
}
for (const edit of centralEdits(names)) {
  const file = join(root, edit.file);
  writeFileSync(file, insertAfter(readFileSync(file, 'utf8'), edit.after, edit.line));
  console.log(`added ${names.name} to ${edit.file}`);
}
console.log(`\nNext: fill in the fields (shared ${name}.schema.ts) and the migration, then npm run typecheck and the module's API test.`);
