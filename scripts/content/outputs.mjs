// Writing a build script's generated files: one JSON object a line (diffs stay readable), and
// `--check` mode, which writes nothing and names each file a rebuild would change.
import fs from 'node:fs';
import path from 'node:path';

/** A JSON array with one element a line. */
export const jsonLines = (arr) => `[\n${arr.map((o) => JSON.stringify(o)).join(',\n')}\n]\n`;

/** Writes each `[file, content]` that differs (or, with `checkOnly`, only names it); returns how many differ. */
export function writeOutputs(outputs, { checkOnly, root }) {
  let changed = 0;
  for (const [file, content] of outputs) {
    const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    if (old === content) continue;
    changed++;
    if (checkOnly) console.error(`out of date: ${path.relative(root, file)}`);
    else {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
    }
  }
  return changed;
}
