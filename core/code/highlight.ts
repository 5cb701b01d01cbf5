/**
 * Build-time syntax highlighting of every code block of the site: the reference's request
 * samples, JSON examples, token and signature samples (plugins/api-contract) and the fenced
 * blocks of MDX pages (plugins/static-code). The browser gets finished HTML and no Prism at all.
 *
 * Uses the same Prism instance and token normalisation as the theme's
 * CodeBlock (prism-react-renderer), so the output matches it token for token.
 */
import {Prism, normalizeTokens, type PrismTheme} from 'prism-react-renderer';
import {AFTER_SEPARATOR, escapeHtml, LONG_RUN, lineHtml, plainCodeHtml} from './html';
import {darkCodeTheme, lightCodeTheme} from './prism-themes';

/** Prism components the registry's languages need beyond prism-react-renderer's built-ins. */
const EXTRA_COMPONENTS = ['markup-templating', 'php', 'java', 'csharp', 'bash'] as const;

let ready: Promise<void> | undefined;

/** Loads the extra grammars onto the theme's Prism instance, once. */
export function loadLanguages(): Promise<void> {
  ready ??= (async () => {
    const g = globalThis as {Prism?: unknown};
    const before = g.Prism;
    g.Prism = Prism;
    try {
      for (const name of EXTRA_COMPONENTS) await import(`prismjs/components/prism-${name}.js`);
    } finally {
      if (before === undefined) delete g.Prism;
      else g.Prism = before;
    }
  })();
  return ready;
}

/** Whether Prism can highlight `language` (a name or an alias). Call loadLanguages() first. */
export function hasGrammar(language: string): boolean {
  return Prism.languages[language] !== undefined;
}

/** `#f8f8f2`, `#F8F8F2` and `rgb(248, 248, 242)` all as `248,248,242`; other forms as written. */
function colourKey(colour: unknown): string {
  const text = String(colour).trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).join(',');
  }
  const rgb = /^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$/.exec(text);
  return rgb ? rgb.slice(1).join(',') : text;
}

/** Whether any rule of `theme` for one of `types` (in `language`) sets something `plain` does not. */
function styled(theme: PrismTheme, types: readonly string[], language: string): boolean {
  return theme.styles.some(
    (entry) =>
      (!entry.languages || entry.languages.includes(language)) &&
      entry.types.some((t) => types.includes(t)) &&
      Object.entries(entry.style).some(([k, v]) => !(k === 'color' && colourKey(v) === colourKey(theme.plain.color))),
  );
}

const plainLooking = new Map<string, boolean>();

/**
 * True for a token that looks like plain text in both themes (in the site's themes, every kind of
 * punctuation): it is written as text, not as a span. Nearly half of a sample's tokens are
 * punctuation, so this takes hundreds of elements off an API page's DOM.
 */
function looksPlain(types: readonly string[], language: string): boolean {
  const key = `${language} ${types.join(' ')}`;
  let plain = plainLooking.get(key);
  if (plain === undefined) {
    plain = !styled(lightCodeTheme, types, language) && !styled(darkCodeTheme, types, language);
    plainLooking.set(key, plain);
  }
  return plain;
}

/**
 * Where a <wbr> goes in a line of code (./html.ts `codeTextHtml`, which the browser's plain blocks
 * use): after each separator of a long run, as offsets into the line. Found on the whole line, not
 * token by token: a grammar may cut a URL into tokens each shorter than a long run (`localhost`,
 * `:`, `3000`, `/webhooks`), which would then get none. Here, not in ./html.ts: the browser loads
 * that file and has no tokens.
 */
export function breakOffsets(line: string): Set<number> {
  const out = new Set<number>();
  for (const m of line.matchAll(LONG_RUN)) {
    let at = m.index;
    for (const part of m[0].split(AFTER_SEPARATOR).slice(0, -1)) out.add((at += part.length));
  }
  return out;
}

/** A token's text as HTML, escaped, with a <wbr> at the line's `breaks` (the token starts at `start`). */
function tokenTextHtml(text: string, breaks: ReadonlySet<number>, start: number): string {
  let out = '';
  let last = 0;
  for (let i = 1; i < text.length; i++) {
    if (!breaks.has(start + i)) continue;
    out += `${escapeHtml(text.slice(last, i))}<wbr>`;
    last = i;
  }
  return out + escapeHtml(text.slice(last));
}

/**
 * Highlighted HTML: one `token-line` span per line, `token <types>` spans inside for tokens the
 * themes colour (core/code/prism-themes.ts, styled by codeThemeCss); the 1-based lines in
 * `highlighted` also get HIGHLIGHTED_LINE_CLASS. Call loadLanguages() first. Throws for a language
 * without a grammar; `text` (or no language) is escaped plain text.
 */
export function highlightToHtml(code: string, language: string, highlighted?: ReadonlySet<number>): string {
  if (language === 'text' || language === '') return plainCodeHtml(code, highlighted);
  const grammar = Prism.languages[language];
  if (!grammar)
    throw new Error(`No Prism grammar "${language}" is loaded: add it to EXTRA_COMPONENTS in core/code/highlight.ts.`);
  return normalizeTokens(Prism.tokenize(code, grammar))
    .map((line, i) => {
      // Where a long run may break, over the whole line: a URL can span several tokens.
      const breaks = breakOffsets(line.map((t) => (t.empty ? '' : t.content)).join(''));
      let at = 0;
      const tokenHtml = (t: (typeof line)[number]): string => {
        // prism-react-renderer gives an empty line one `empty` token whose content is "\n".
        if (t.empty) return '';
        const text = tokenTextHtml(t.content, breaks, at);
        at += t.content.length;
        return looksPlain(t.types, language) ? text : `<span class="token ${t.types.join(' ')}">${text}</span>`;
      };
      return lineHtml(line.map(tokenHtml).join(''), i + 1, highlighted);
    })
    .join('');
}

function themeRules(theme: PrismTheme, scope: string): string[] {
  const rules = [
    `${scope} {color: ${theme.plain.color}; background-color: ${theme.plain.backgroundColor};}`,
    // Tokens the theme does not style fall back to its plain colour, not to the other theme's rule.
    `${scope} .token {color: inherit; font-style: normal; opacity: 1;}`,
  ];
  for (const entry of theme.styles) {
    const decl = Object.entries(entry.style)
      .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${String(v)}`)
      .join('; ');
    const langs = entry.languages?.map((l) => `.language-${l}`) ?? [''];
    for (const lang of langs) {
      rules.push(`${entry.types.map((t) => `${scope}${lang} .token.${t}`).join(', ')} {${decl};}`);
    }
  }
  return rules;
}

/** CSS for the token classes, from the same light and dark Prism themes the config uses. */
export function codeThemeCss(light: PrismTheme = lightCodeTheme, dark: PrismTheme = darkCodeTheme): string {
  return [...themeRules(light, '.rr-code'), ...themeRules(dark, "[data-theme='dark'] .rr-code")].join('\n') + '\n';
}
