/**
 * Build-time syntax highlighting of the reference's code (request samples,
 * JSON examples, token and signature samples). The browser gets finished HTML,
 * so API pages do no Prism work while hydrating, and the Prism grammars for
 * PHP, Java and C# never ship in the site-wide bundle.
 *
 * Uses the same Prism instance and token normalisation as the theme's
 * CodeBlock (prism-react-renderer), so the output matches it token for token.
 */
import {Prism, normalizeTokens, themes, type PrismTheme} from 'prism-react-renderer';
import {escapeHtml, lineHtml, plainCodeHtml} from './code-html';

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

/**
 * Highlighted HTML: one `token-line` span per line, `token <types>` spans inside; the 1-based
 * lines in `highlighted` also get HIGHLIGHTED_LINE_CLASS. Call loadLanguages() first. Throws
 * for a language without a grammar; `text` (or no language) is escaped plain text.
 */
export function highlightToHtml(code: string, language: string, highlighted?: ReadonlySet<number>): string {
  if (language === 'text' || language === '') return plainCodeHtml(code, highlighted);
  const grammar = Prism.languages[language];
  if (!grammar)
    throw new Error(`No Prism grammar "${language}" is loaded: add it to EXTRA_COMPONENTS in src/lib/highlight.ts.`);
  return normalizeTokens(Prism.tokenize(code, grammar))
    .map((line, i) =>
      lineHtml(
        line
          .map((t) =>
            // prism-react-renderer gives an empty line one `empty` token whose content is "\n".
            t.empty
              ? ''
              : t.types.length === 1 && t.types[0] === 'plain'
                ? escapeHtml(t.content)
                : `<span class="token ${t.types.join(' ')}">${escapeHtml(t.content)}</span>`,
          )
          .join(''),
        i + 1,
        highlighted,
      ),
    )
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
export function codeThemeCss(light: PrismTheme = themes.github, dark: PrismTheme = themes.dracula): string {
  return [...themeRules(light, '.rr-code'), ...themeRules(dark, "[data-theme='dark'] .rr-code")].join('\n') + '\n';
}
