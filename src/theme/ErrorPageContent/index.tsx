/**
 * Wraps the crash page ("This page crashed." + "Try again" + the error and its
 * causes) to add what a reader needs next: a way back to the docs and where to
 * report it. The theme's own content stays untouched above.
 */
import type {ReactNode} from 'react';
import type {Props} from '@theme/Error';
import ErrorPageContent from '@theme-original/ErrorPageContent';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import {site} from '@site/site.config';

export default function ErrorPageContentWrapper(props: Props): ReactNode {
  return (
    <>
      <ErrorPageContent {...props} />
      <div className="container margin-bottom--xl">
        <div className="row">
          <p className="col col--6 col--offset-3">
            <Translate
              id="errorPage.help"
              values={{
                home: (
                  <Link to="/docs/v1/">
                    <Translate id="errorPage.home">getting-started guide</Translate>
                  </Link>
                ),
                email: (
                  // eslint-disable-next-line @docusaurus/no-html-links -- mailto:, not a route
                  <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
                ),
              }}>
              {
                'If trying again does not help, go back to the {home}, or send the page address and the message above to {email}.'
              }
            </Translate>
          </p>
        </div>
      </div>
    </>
  );
}
