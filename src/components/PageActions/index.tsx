import {useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
import styles from './styles.module.css';

interface Props {
  /** Same-origin URL of the page's Markdown twin (written by plugins/llms-txt). */
  readonly markdownUrl: string;
}

type State = 'idle' | 'copied' | 'failed';

/**
 * The twins are written when the site is built (plugins/llms-txt, postBuild), so the dev server has
 * none: its link would open "Page Not Found". There the row says where the twin comes from instead.
 */
const TWINS_BUILT = process.env.NODE_ENV !== 'development';

/**
 * "Copy page as Markdown" and "View as Markdown" for one docs page. The link is plain HTML and
 * works without JavaScript; the button is rendered only once React runs (it cannot work
 * without it), in a row whose height the link already sets, so nothing shifts.
 *
 * The Markdown is fetched on first hover or focus, so that the click itself can call
 * `navigator.clipboard.writeText` straight away: Safari only allows clipboard writes that
 * start inside the click handler, not after a network round trip.
 */
/** The link to the twin, or in the dev server (`built` false) where it comes from. */
export function MarkdownLink({markdownUrl, built}: Props & {readonly built: boolean}): ReactNode {
  if (!built)
    return (
      <span className={styles.link}>
        <Translate id="pageActions.devNoTwin">Markdown twin: written by npm run build, not by the dev server</Translate>
      </span>
    );
  return (
    // eslint-disable-next-line @docusaurus/no-html-links -- a static .md file, not a route
    <a className={styles.link} href={markdownUrl} type="text/markdown">
      <Translate id="pageActions.view">View as Markdown</Translate>
    </a>
  );
}

export default function PageActions({markdownUrl}: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const [state, setState] = useState<State>('idle');
  const text = useRef<Promise<string> | undefined>(undefined);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const load = useCallback((): Promise<string> => {
    text.current ??= fetch(markdownUrl).then((res) => {
      if (!res.ok) throw new Error(`${res.status} ${markdownUrl}`);
      return res.text();
    });
    text.current.catch(() => {
      text.current = undefined; // let the next attempt try again
    });
    return text.current;
  }, [markdownUrl]);

  const copy = useCallback(async () => {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(await load());
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = window.setTimeout(() => setState('idle'), 2500);
  }, [load]);

  // Short on screen so both actions fit one row on a 320 px phone; screen readers hear the
  // whole name ("Copy page as Markdown"), which starts with the visible words (WCAG 2.5.3).
  const visible =
    state === 'copied'
      ? translate({id: 'pageActions.copied', message: 'Copied'})
      : state === 'failed'
        ? translate({id: 'pageActions.failed', message: 'Copy failed'})
        : translate({id: 'pageActions.copy', message: 'Copy page'});

  return (
    <div className={`${styles.actions} rr-page-actions`}>
      {isBrowser && TWINS_BUILT && (
        <button
          type="button"
          className={styles.button}
          onPointerEnter={() => void load().catch(() => undefined)}
          onFocus={() => void load().catch(() => undefined)}
          onClick={() => void copy()}
          data-state={state}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            {state === 'copied' ? (
              <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
            ) : (
              <path
                fill="currentColor"
                d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z"
              />
            )}
          </svg>
          <span>{visible}</span>
          {state === 'idle' && (
            <span className="sr-only">
              {' '}
              <Translate id="pageActions.copySuffix">as Markdown</Translate>
            </span>
          )}
        </button>
      )}
      <MarkdownLink markdownUrl={markdownUrl} built={TWINS_BUILT} />
      <span className="sr-only" role="status">
        {state === 'copied'
          ? translate({id: 'pageActions.copiedStatus', message: 'Page copied to the clipboard as Markdown'})
          : state === 'failed'
            ? translate({
                id: 'pageActions.failedStatus',
                message: 'Could not copy the page. Use View as Markdown instead.',
              })
            : ''}
      </span>
    </div>
  );
}
