export function inlineScriptHashes(html: string): string[];
export function buildScriptHashes(buildDir: string): string[];
export function renderHashesConf(hashes: readonly string[]): string;
