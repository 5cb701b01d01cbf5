import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import DownloadLinks from '@site/src/components/DownloadLinks';
import {site} from '@site/site.config';
import styles from './index.module.css';

interface Family {
  readonly title: string;
  readonly text: string;
  readonly to: string;
}

const FAMILIES: readonly Family[] = [
  {
    title: 'Aadhaar banking (AEPS)',
    text: 'Cash withdrawal, balance and mini statement with a fingerprint, at any merchant outlet.',
    to: '/docs/v1/aeps',
  },
  {
    title: 'Bill payments (BBPS)',
    text: 'Electricity, water, gas, broadband, insurance and more than 20,000 billers.',
    to: '/docs/v1/service/bbps',
  },
  {
    title: 'Money transfer (DMT)',
    text: 'Send money to any bank account through a hosted, compliant journey.',
    to: '/docs/v1/service/dmt',
  },
  {
    title: 'Payouts',
    text: 'Pay vendors, agents and customers to bank accounts and UPI ids from your wallet.',
    to: '/docs/v1/service/payout',
  },
  {
    title: 'UPI static VPA and QR',
    text: 'A UPI id and merchant QR per customer that payers push money to, with a webhook for every payment.',
    to: '/docs/v1/service/upicollect',
  },
  {
    title: 'Micro-ATM',
    text: 'Card-based withdrawals and balance enquiry on a paired micro-ATM device.',
    to: '/docs/v1/service/matm',
  },
  {
    title: 'Credit-card bill payment',
    text: 'Pay any credit-card bill from a bank account after a one-time KYC.',
    to: '/docs/v1/service/paycc',
  },
  {
    title: 'Mobile recharge',
    text: 'Prepaid recharge with operator, circle and plan look-ups.',
    to: '/docs/v1/service/recharge',
  },
  {title: 'PAN card', text: 'New and corrected PAN applications through your agents.', to: '/docs/v1/service/pan'},
  {
    title: 'Insurance (GIBL)',
    text: 'Motor, health and travel policies through a hosted journey.',
    to: '/docs/v1/service/gibl',
  },
  {title: 'SMS', text: 'Transactional SMS from approved templates.', to: '/docs/v1/service/sms/send'},
  {title: 'Common look-ups', text: 'Banks and IINs, states, districts and your account.', to: '/docs/v1/common/bank'},
];

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
      <header className={styles.hero}>
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
            <Link className="button button--primary button--lg" to="/docs/v1/">
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
          <ul className={styles.grid}>
            {FAMILIES.map((f) => (
              <li key={f.to}>
                <Link className={styles.card} to={f.to}>
                  <strong>{f.title}</strong>
                  <span>{f.text}</span>
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
            <li>
              <strong>
                <Translate id="home.step1">Get sandbox keys</Translate>
              </strong>
              <span>
                <Translate id="home.step1.text">
                  Your partner id, JWT secret and webhook secret are in the partner dashboard under Developers.
                </Translate>
              </span>
            </li>
            <li>
              <strong>
                <Translate id="home.step2">Sign a token</Translate>
              </strong>
              <span>
                <Link to="/HeaderMarkdown">
                  <Translate id="home.step2.text">
                    An HS256 JWT with partnerId, iat and a fresh reqId, per request.
                  </Translate>
                </Link>
              </span>
            </li>
            <li>
              <strong>
                <Translate id="home.step3">Call the sandbox</Translate>
              </strong>
              <span>
                <Link to="/docs/v1/common/bank">
                  <Translate id="home.step3.text">List AEPS banks: no customer data needed.</Translate>
                </Link>
              </span>
            </li>
          </ol>
          <table className={styles.env}>
            <tbody>
              <tr>
                <th scope="row">{site.environments.sandbox.label}</th>
                <td>
                  <code>{site.environments.sandbox.baseUrl}</code>
                </td>
              </tr>
              <tr>
                <th scope="row">{site.environments.production.label}</th>
                <td>
                  <code>{site.environments.production.baseUrl}</code>
                </td>
              </tr>
            </tbody>
          </table>
          <Heading as="h2">
            <Translate id="home.downloads">Downloads</Translate>
          </Heading>
          <DownloadLinks />
        </section>
      </main>
    </Layout>
  );
}
