/**
 * The one registry of sample languages. Every tab group on the site (request
 * samples, token samples, webhook verification) uses these ids, labels and
 * Prism languages, in this order, so a reader's choice carries across pages.
 */
export interface SampleLanguage {
  /** Tab value; stored in localStorage under the `lang` group. */
  readonly id: string;
  readonly label: string;
  /** Prism language used to highlight the sample. */
  readonly prism: string;
  /**
   * The client wrapper's file (samples/client/), under the name the reader saves it as: every
   * request sample calls it by that name (core/code/client.ts).
   */
  readonly clientFile: string;
  /** File extension of hand-written samples (tokens, signature checks) under `samples/`. */
  readonly extension: string;
  /**
   * The tab's label over a hand-written sample (a token signer, a signature check), where it
   * differs: the shell sample there is a script, not a cURL request (issue 24).
   */
  readonly scriptLabel?: string;
}

export const SAMPLE_LANGUAGES: readonly SampleLanguage[] = [
  {id: 'curl', label: 'cURL', prism: 'bash', clientFile: 'rupeerail.sh', extension: 'sh', scriptLabel: 'Shell'},
  {id: 'node', label: 'Node.js', prism: 'javascript', clientFile: 'rupeerail.mjs', extension: 'mjs'},
  {id: 'python', label: 'Python', prism: 'python', clientFile: 'rupeerail.py', extension: 'py'},
  {id: 'php', label: 'PHP', prism: 'php', clientFile: 'rupeerail.php', extension: 'php'},
  {id: 'java', label: 'Java', prism: 'java', clientFile: 'RupeeRail.java', extension: 'java'},
  {id: 'csharp', label: 'C#', prism: 'csharp', clientFile: 'RupeeRail.cs', extension: 'cs'},
  {id: 'go', label: 'Go', prism: 'go', clientFile: 'rupeerail.go', extension: 'go'},
];

/** The Tabs groupId shared by every language tab group. */
export const LANGUAGE_GROUP_ID = 'lang';
