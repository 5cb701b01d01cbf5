import type {CSSProperties, ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import families from '@generated/api-contract/default/families.json';
import DownloadLinks from '@site/src/components/DownloadLinks';
import {site} from '@site/site.config';
import styles from './index.module.css';

interface Step {
  readonly title: string;
  readonly text: string;
  /** A short link to where the step is done or explained: its text and address. */
  readonly link: {readonly label: string; readonly to: string};
}

/** The three steps to a first call (a function: translate() must run when the page renders). */
function quickstart(): Step[] {
  return [
    {
      title: translate({id: 'home.step1', message: 'Get sandbox keys'}),
      text: translate({
        id: 'home.step1.text',
        message: 'Your partner id, JWT secret and webhook secret are in the partner dashboard under Developers.',
      }),
      link: {label: translate({id: 'home.step1.link', message: 'Partner dashboard'}), to: site.dashboardUrl},
    },
    {
      title: translate({id: 'home.step2', message: 'Sign a token'}),
      text: translate({
        id: 'home.step2.text',
        message: 'An HS256 JWT with partnerId, iat and a fresh reqId, per request.',
      }),
      link: {label: translate({id: 'home.step2.link', message: 'Headers and tokens'}), to: '/HeaderMarkdown'},
    },
    {
      title: translate({id: 'home.step3', message: 'Call the sandbox'}),
      text: translate({id: 'home.step3.text', message: 'List AEPS banks: no customer data needed.'}),
      link: {label: translate({id: 'home.step3.link', message: 'Bank list'}), to: '/docs/v1/common/bank'},
    },
  ];
}

/**
 * The base URLs: a two-column table on wide screens; on phones each environment stacks into a
 * card (`api-stack`, src/css/custom.css) so the long URL wraps instead of scrolling the page.
 */
function BaseUrls(): ReactNode {
  const label = translate({id: 'home.baseUrl', message: 'Base URL'});
  return (
    <table className={clsx(styles.env, 'api-stack')}>
      <tbody>
        {Object.values(site.environments).map((env) => (
          <tr key={env.baseUrl}>
            <th scope="row">{env.label}</th>
            <td data-label={label}>
              <code>{env.baseUrl}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Layout
      title={siteConfig.tagline}
      description={translate({
        id: 'home.description',
        message:
          'Developer documentation for the RupeeRail payments API: AEPS, BBPS, DMT, payouts, UPI static QRs, recharge and more, with code samples in seven languages.',
      })}>
      {/* The brand colour is defined once, in site.config.ts. */}
      <header className={styles.hero} style={{'--rr-brand': site.colors.brand} as CSSProperties}>
        <div className="container">
          <Heading as="h1" className={styles.title}>
            <Translate id="home.title">One API for India's payment rails</Translate>
          </Heading>
          <p className={styles.lead}>
            <Translate id="home.lead">
              Aadhaar banking, bill payments, money transfer, payouts, recharge and UPI payments to static QRs: one
              token, one response envelope, signed webhooks, and idempotent money movement.
            </Translate>
          </p>
          <div className={styles.actions}>
            <Link className={clsx('button button--primary button--lg', styles.primaryAction)} to="/docs/v1/">
              <Translate id="home.start">Get started</Translate>
            </Link>
            <Link className="button button--secondary button--lg" to="/api">
              <Translate id="home.reference">API reference</Translate>
            </Link>
          </div>
        </div>
      </header>
      <main>
        <section className="container margin-vert--xl">
          <Heading as="h2">
            <Translate id="home.families">Services</Translate>
          </Heading>
          {/* The families of the contract's tags (core/contract/families.ts), one card per overview page. */}
          <ul className={styles.grid}>
            {families.map((f) => (
              <li key={f.href}>
                <Link className={styles.card} to={f.href}>
                  <strong>{f.label}</strong>
                  <span>{f.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section className="container margin-vert--xl">
          <Heading as="h2">
            <Translate id="home.quickstart">Your first call in three steps</Translate>
          </Heading>
          <ol className={styles.steps}>
            {quickstart().map((step) => (
              <li key={step.title}>
                <strong>{step.title}</strong>
                <span>{step.text}</span>
                <Link to={step.link.to}>{step.link.label}</Link>
              </li>
            ))}
          </ol>
          <BaseUrls />
          <Heading as="h2">
            <Translate id="home.downloads">Downloads</Translate>
          </Heading>
          <DownloadLinks />
        </section>
      </main>
    </Layout>
  );
}
