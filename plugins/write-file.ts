import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes `text` to `file` (making its folder) unless the file already holds exactly that. An
 * untouched file keeps its mtime, so the dev server does not rebuild what did not change.
 */
export function writeIfChanged(file: string, text: string): void {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return;
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, text);
}
