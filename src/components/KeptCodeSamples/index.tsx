import {
  Suspense,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
  type RefObject,
} from 'react';
import CodeSamples from '@site/src/components/CodeSamples';
import {hydratingFirstPage} from '@site/src/components/ServerHtml';
import {handWrittenLabel, SAMPLE_LANGUAGES} from '#core/code/languages';

/*
 * Hand-written samples in every language (token signing, the client wrappers) whose highlighted code
 * stays out of the page's first-visit JavaScript: /HeaderMarkdown's seven client wrappers alone are
 * about 32 KB gzip, more than its ceiling leaves (tests/e2e/budget.spec.ts). The server renders the
 * code into the HTML (Docusaurus renders once everything lazy has loaded); the page the reader opens
 * hydrates the tabs and copy buttons around that markup without loading the code, as ServerHtml
 * does; a client-side navigation to the page loads it from its own chunk.
 */

interface Props {
  /** React.lazy over a module whose default export renders CodeSamples with the samples' data. */
  readonly code: LazyExoticComponent<ComponentType>;
}

/** The tabs without their code: the elements the lazy component renders, the code kept from the server. */
const SHELL = SAMPLE_LANGUAGES.map((l) => ({lang: l.id, label: handWrittenLabel(l), prism: l.prism, html: ''}));

/**
 * Inside the Suspense boundary, so that it runs again when React renders the boundary afresh instead
 * of hydrating it (a hydration error): then there is no server markup to keep, and the code loads.
 */
function WhenEmpty({box, then}: {readonly box: RefObject<HTMLDivElement | null>; readonly then: () => void}): null {
  useLayoutEffect(() => {
    if (!box.current?.querySelector('code')?.firstChild) then();
  });
  return null;
}

export default function KeptCodeSamples({code: Code}: Props): ReactNode {
  const [keep, setKeep] = useState(hydratingFirstPage);
  const box = useRef<HTMLDivElement>(null);
  // One Suspense boundary on both paths: the server's HTML carries its markers, hydration expects them.
  return (
    <div ref={box}>
      <Suspense fallback={<CodeSamples samples={SHELL} />}>
        {keep ? (
          <>
            <CodeSamples samples={SHELL} keepServerMarkup />
            <WhenEmpty box={box} then={() => setKeep(false)} />
          </>
        ) : (
          <Code />
        )}
      </Suspense>
    </div>
  );
}
